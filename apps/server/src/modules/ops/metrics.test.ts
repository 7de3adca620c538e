import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { closedWithin, openLiveSocket } from '../../../test/live-sockets.js';
import { addProvider, launchGame, signedCall } from '../casino/casino-test-support.js';
import { seedDemoData } from '../demo/demo-seed.js';

/** Issue 29 "See it": GET /metrics, from configured addresses only, with the figures the issue lists. */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ METRICS_ALLOW: 'loopback,192.0.2.0/24' });
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

async function scrape(ip = '127.0.0.1'): Promise<{ status: number; text: string; type: string }> {
  const answer = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: ip });
  return { status: answer.statusCode, text: answer.body, type: String(answer.headers['content-type']) };
}

/** The value of one series (name and exact label set as Prometheus prints them), or 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

let markets = 0;
/** An exchange market; with a delay, in play (bets wait the delay before they are decided). */
async function exchangeMarket(delaySeconds = 0): Promise<{ id: string; runners: string[] }> {
  markets += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Metrics League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Scrapers v Probes ${markets}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: 'EXCHANGE',
      name: 'Match Odds',
      runners: ['Scrapers', 'Probes'],
      betDelaySeconds: delaySeconds,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  if (delaySeconds > 0)
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: { inPlay: true } });
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) };
}

describe('GET /metrics', () => {
  it('answers only the configured addresses (loopback and a CIDR), HTTP 403 with the transport body to others', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '192.0.2.77']) {
      const answer = await scrape(ip);
      expect(answer.status, ip).toBe(200);
      expect(answer.type).toContain('text/plain');
    }
    for (const ip of ['10.1.2.3', '192.0.3.1', '2001:db8::1']) {
      const answer = await scrape(ip);
      expect(answer.status, ip).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ meta: { code: 403, error: 'FORBIDDEN' } });
    }
  });

  it('counts requests per route pattern (never per raw path), their latency and their refusals', async () => {
    await call(t.app, 'GET', '/api/v1/sports');
    await call(t.app, 'GET', '/api/v1/getUserData', { token: 'not-a-token' });
    await call(t.app, 'GET', '/api/v1/no-such-route');
    const { text } = await scrape();
    expect(value(text, 'khel_http_requests_total{method="GET",route="/api/v1/sports",status="200"}')).toBeGreaterThan(
      0,
    );
    expect(value(text, 'khel_http_requests_total{method="GET",route="/api/v1/getUserData",status="401"}')).toBe(1);
    expect(value(text, 'khel_http_refusals_total{route="/api/v1/getUserData",error="UNAUTHENTICATED"}')).toBe(1);
    expect(
      value(text, 'khel_http_request_duration_seconds_count{method="GET",route="/api/v1/sports"}'),
    ).toBeGreaterThan(0);
    expect(text).not.toContain('no-such-route');
  });

  it("counts bets placed by status, the stake matched, refusals by reason and the writer's group commits", async () => {
    const market = await exchangeMarket();
    const layer = await signUpPlayer(t);
    const backer = await signUpPlayer(t);
    const before = await scrape();
    const commitsBefore =
      value(before.text, 'khel_writer_commit_seconds_count{path="statement"}') +
      value(before.text, 'khel_writer_commit_seconds_count{path="transaction"}');
    const lay = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: layer.token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'lay', odds: 2.5, stake: 300 },
    });
    expect(lay.body.meta.code).toBe(200);
    const back = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: backer.token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 2.5, stake: 200 },
    });
    expect((back.body.data as { status: string }).status).toBe('matched');
    const tooMuch = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: backer.token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 2.5, stake: 900_000 },
    });
    expect(tooMuch.body.meta.error).toBe('ABOVE_MAX_STAKE');

    const { text } = await scrape();
    const delta = (series: string) => value(text, series) - value(before.text, series);
    expect(delta('khel_bets_placed_total{market_type="EXCHANGE",status="unmatched"}')).toBe(1);
    expect(delta('khel_bets_placed_total{market_type="EXCHANGE",status="matched"}')).toBe(1);
    expect(delta('khel_bets_matched_rupees_total{market_type="EXCHANGE"}')).toBe(200);
    expect(delta('khel_bets_refused_total{reason="ABOVE_MAX_STAKE"}')).toBe(1);
    const commits =
      value(text, 'khel_writer_commit_seconds_count{path="statement"}') +
      value(text, 'khel_writer_commit_seconds_count{path="transaction"}');
    expect(commits - commitsBefore).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^khel_writer_batch_commands_bucket\{le="1",path="(statement|transaction)"\} \d+/m);
    // Every posting is a journal transaction: the sign-up bonus chips and the bets' exposure reservations among them.
    expect(value(text, 'khel_wallet_postings')).toBeGreaterThan(0);
  });

  it("counts an in-play bet's fill at the end of its delay in the matched volume, and what each delayed bet became", async () => {
    const market = await exchangeMarket(2);
    const layer = await signUpPlayer(t);
    const backer = await signUpPlayer(t);
    const place = (token: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/v1/place-bet', {
        token,
        body: { marketId: market.id, selectionId: market.runners[0], odds: 3, ...body },
      });
    // A resting offer (nothing to match it, so it rests at once, kept in play).
    expect((await place(layer.token, { selectionType: 'lay', stake: 500, keepInPlay: true })).body.meta.code).toBe(200);
    t.clock.advanceMs(2100);
    await t.services.sports.resolveDueBets();
    const before = await scrape();
    expect((await place(backer.token, { selectionType: 'back', stake: 400 })).body.data).toMatchObject({
      status: 'pending',
    });
    const pending = await scrape();
    const since = (text: string, from: string, series: string) => value(text, series) - value(from, series);
    // Placed pending: nothing matched yet.
    expect(since(pending.text, before.text, 'khel_bets_matched_rupees_total{market_type="EXCHANGE"}')).toBe(0);
    t.clock.advanceMs(2100);
    await t.services.sports.resolveDueBets();
    const { text } = await scrape();
    expect(since(text, before.text, 'khel_bets_matched_rupees_total{market_type="EXCHANGE"}')).toBe(400);
    expect(since(text, before.text, 'khel_bets_delayed_total{market_type="EXCHANGE",status="matched"}')).toBe(1);
  });

  it('counts casino callbacks by call and protocol status', async () => {
    const options = await addProvider(t, director.token, 'metricsco');
    const player = await signUpPlayer(t);
    const token = await launchGame(t.app, player.token, 'metricsco-slot');
    const session = await signedCall(t.app, 'authenticate', { token }, { ...options, clock: t.clock });
    expect(session.body.data.status).toBe('OK');
    const playerId = session.body.data.playerId as string;
    const debit = { playerId, gameCode: 'metricsco-slot', roundId: 'r-1', transactionId: 'metrics-d1', amount: 10 };
    expect((await signedCall(t.app, 'debit', debit, { ...options, clock: t.clock })).body.data.status).toBe('OK');
    await signedCall(
      t.app,
      'debit',
      { ...debit, transactionId: 'metrics-d2', amount: 10_000_000 },
      { ...options, clock: t.clock },
    );
    await signedCall(t.app, 'debit', { playerId }, { ...options, clock: t.clock });
    const { text } = await scrape();
    expect(value(text, 'khel_casino_callbacks_total{call="authenticate",status="OK"}')).toBe(1);
    expect(value(text, 'khel_casino_callbacks_total{call="debit",status="OK"}')).toBe(1);
    expect(value(text, 'khel_casino_callbacks_total{call="debit",status="INSUFFICIENT_FUNDS"}')).toBe(1);
    expect(value(text, 'khel_casino_callbacks_total{call="debit",status="INVALID_REQUEST"}')).toBe(1);
  });

  it('shows pending deposits and withdrawals, WebSocket clients and messages, pool and event-loop figures', async () => {
    const player = await signUpPlayer(t);
    const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: player.token })).body.data as {
      _id: string;
      type: string;
    }[];
    const upi = accounts.find((account) => account.type === 'upi')?._id as string;
    const before = value((await scrape()).text, 'khel_requests_pending{kind="deposit"}');
    const deposit = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body: { amount: 500, accountId: upi, type: 'upi', txnRef: `UTR${Date.now()}` },
    });
    expect(deposit.body.meta.code).toBe(200);

    const live = await openLiveSocket(t.app, { token: player.token });
    await live.next('authenticated');
    live.send({ type: 'ping' });
    await live.next('pong');
    const { text } = await scrape();
    expect(value(text, 'khel_requests_pending{kind="deposit"}') - before).toBe(1);
    expect(text).toMatch(/^khel_requests_pending\{kind="withdrawal"\} \d+$/m);
    expect(value(text, 'khel_ws_clients')).toBe(1);
    expect(value(text, 'khel_ws_messages_received_total')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'khel_ws_messages_sent_total')).toBeGreaterThanOrEqual(2);
    expect(text).toContain('khel_process_nodejs_eventloop_lag_seconds');
    if (t.db.kind === 'postgres') expect(text).toMatch(/^khel_db_pool_connections\{state="total"\} [1-9]/m);
    live.socket.close();
    await closedWithin(live, 10_000);
    await expect.poll(async () => value((await scrape()).text, 'khel_ws_clients')).toBe(0);
  });
});
