/**
 * Issue 26, the live source end to end (decision 0070): the app configured with `FEED=betfair:`
 * against a local TLS Exchange Stream serving the recorded NED v PNG market and a local HTTPS fake of
 * Betfair's login, keep-alive and Betting API. It logs in, keeps the session alive, names the runners
 * from listMarketCatalogue, mirrors the market; a player bets in play; the connection drops mid-match
 * and resumes from its clock; the match settles on Netherlands, every paisa exact. A refused login or
 * session is told to the operator (readiness, metrics), never a 500.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { parseMarketMessages, replayUntil } from '@khel/betfair-stream';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { CATALOGUE_PROJECTION } from './betfair-api.js';
import { startFakeBettingApi, RECORDED_TOKEN } from './fake-betting-api-test-support.js';
import type { FakeBettingApi } from './fake-betting-api-test-support.js';
import { startFakeStreamServer } from './fake-stream-server-test-support.js';
import type { FakeStreamServer } from './fake-stream-server-test-support.js';
import { FIXTURES_DIR, readRecordedText } from './recorded-files.js';

const MARKET = '1.200806927';
const recorded = parseMarketMessages(readRecordedText(join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz')));
const definitionAt = (predicate: (status: string, inPlay: boolean) => boolean) =>
  recorded.findIndex((m) =>
    m.mc?.some((mc) => mc.marketDefinition && predicate(mc.marketDefinition.status, mc.marketDefinition.inPlay)),
  );
const IN_PLAY = definitionAt((status, inPlay) => status === 'OPEN' && inPlay);
const SUSPENDED_IN_PLAY = definitionAt((status, inPlay) => status === 'SUSPENDED' && inPlay);
const DROP = Math.floor((IN_PLAY + SUSPENDED_IN_PLAY) / 2);

/**
 * NED v PNG's catalogue entry, made from the two recordings of the match (no catalogue of it was
 * recorded): ids and start from the market stream's definition, team names from the score stream.
 */
function nedPngCatalogue(): unknown {
  const definition = recorded[0]!.mc![0]!.marketDefinition!;
  const teams = new Map<number, string>();
  for (const line of readRecordedText(join(FIXTURES_DIR, 'betfair/ccm-1.200806927.jsonl.gz')).split('\n')) {
    if (line.trim() === '') continue;
    for (const cc of (JSON.parse(line) as { cc?: { homeTeam?: Team; awayTeam?: Team }[] }).cc ?? [])
      for (const team of [cc.homeTeam, cc.awayTeam]) if (team) teams.set(team.selectionId, team.name);
  }
  const runners = definition.runners.map((r) => ({
    selectionId: r.id,
    runnerName: teams.get(r.id),
    handicap: 0,
    sortPriority: r.sortPriority,
  }));
  return {
    marketId: MARKET,
    marketStartTime: definition.marketTime,
    runners,
    eventType: { id: definition.eventTypeId, name: 'Cricket' },
    event: {
      id: definition.eventId,
      name: runners.map((r) => r.runnerName).join(' v '),
      openDate: definition.openDate,
    },
  };
}
interface Team {
  name: string;
  selectionId: number;
}

let t: TestApp | null = null;
let stream: FakeStreamServer | null = null;
let api: FakeBettingApi | null = null;
/** The folder of the test's CA file, removed after it. */
let caDir: string | null = null;
afterEach(async () => {
  await t?.close();
  await stream?.close();
  await api?.close();
  t = stream = api = null;
  if (caDir !== null) rmSync(caDir, { recursive: true, force: true });
  caDir = null;
});

async function start(env: Record<string, string>, faults: { pauseAt?: number[]; dropAt?: number[] } = {}) {
  stream = await startFakeStreamServer({ messages: recorded, appKey: 'app_key', session: RECORDED_TOKEN, ...faults });
  const catalogue = JSON.parse(readRecordedText(join(FIXTURES_DIR, 'betfair-api/list_market_catalogue.json')));
  api = await startFakeBettingApi({
    appKey: 'app_key',
    username: 'operator',
    password: 'secret',
    catalogue: [nedPngCatalogue(), ...(catalogue as { result: unknown[] }).result],
  });
  caDir = mkdtempSync(join(tmpdir(), 'khel-betfair-'));
  const caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, `${stream.ca}\n${api.ca}`);
  t = await createTestApp({
    DEMO_FEED: 'false',
    DEMO_REPLAY: 'false',
    FEED: 'betfair:',
    BETFAIR_APP_KEY: 'app_key',
    BETFAIR_STREAM_HOST: '127.0.0.1',
    BETFAIR_STREAM_PORT: String(stream.port),
    BETFAIR_IDENTITY_URL: api.identityUrl,
    BETFAIR_BETTING_URL: api.bettingUrl,
    BETFAIR_CA_FILE: caFile,
    BETFAIR_MARKET_IDS: MARKET,
    ...env,
  });
  t.startFeed();
  return t;
}

/** Polls until `done` holds (the stream runs on its own; no fixed sleeps). */
async function until(done: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ready = async (app: TestApp) =>
  (await call(app.app, 'GET', '/api/health/ready')) as unknown as {
    status: number;
    body: { status: string; checks: { feed?: { ok: boolean; detail?: string } } };
  };

describe('FEED=betfair: the live source', () => {
  it('logs in, names the market from the catalogue, mirrors it through a dropped connection, and settles exact to the paisa', async () => {
    const app = await start(
      { BETFAIR_USERNAME: 'operator', BETFAIR_PASSWORD: 'secret', BETFAIR_KEEP_ALIVE_MINUTES: '0.005' },
      { pauseAt: [IN_PLAY + 1], dropAt: [DROP] },
    );
    const live = app.liveFeed!;
    await until(() => live.client.cache.clk === recorded[IN_PLAY]!.clk, 'the turn in play');
    await until(async () => {
      await live.drain();
      return (await app.services.sports.repository.eventByFeedRef('betfair-31573045')) !== null;
    }, 'the event');

    // Named from the catalogue; the start from it; in play with Betfair's 5 s delay.
    const event = (await app.services.sports.repository.eventByFeedRef('betfair-31573045'))!;
    expect(event.name).toBe('Netherlands v Papua New Guinea');
    const matchOdds = (await app.services.sports.repository.marketByFeedRef('betfair-31573045/match-odds'))!;
    const director = (await createOperator(app, ROLES.DIRECTOR)).token;
    const view = async () =>
      (await call(app.app, 'PUT', `/api/v1/backoffice/markets/${matchOdds.id}`, { token: director, body: {} })).body
        .data as {
        status: string;
        inPlay: boolean;
        betDelaySeconds: number;
        runners: { _id: string; name: string; back: { price: number; size: number }[]; lay: { price: number }[] }[];
      };
    const market = await view();
    expect(market).toMatchObject({ status: 'open', inPlay: true, betDelaySeconds: 5 });
    expect(market.runners.map((r) => r.name)).toEqual(['Netherlands', 'Papua New Guinea']);
    expect((await ready(app)).body.checks.feed).toEqual({ ok: true, detail: 'live' });

    // A player backs Netherlands in play: the bet waits out the delay, then fills at the mirrored price.
    const player = await signUpPlayer(app);
    const balance = async () =>
      Math.round(
        ((await call(app.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data as { balance: number })
          .balance * 100,
      );
    const before = await balance();
    const [ned] = market.runners;
    const price = ned!.back[0]!.price;
    const stake = Math.min(1000, Math.floor(ned!.back[0]!.size));
    app.services.delayedBets.stop();
    const placed = await call(app.app, 'POST', '/api/v1/place-bet', {
      token: player.token,
      body: { marketId: matchOdds.id, selectionId: ned!._id, selectionType: 'back', odds: price, stake },
    });
    expect(placed.body.data).toMatchObject({ status: 'pending' });
    app.clock.advanceMs(5_000);
    expect(await app.services.delayedBets.sweep()).toBe(1);
    app.services.delayedBets.start(1000);

    // The rest of the match, through a connection dropped mid-line and resumed from its clock.
    stream!.resume();
    await until(() => live.client.cache.clk === recorded.at(-1)!.clk, 'the end of the recording');
    await live.drain();
    expect(live.client.connections).toBe(2);
    expect(stream!.subscriptions.map((s) => s.clk ?? null)).toEqual([null, recorded[DROP - 1]!.clk]);
    // Nothing missed or applied twice: the book is the recording's, the bet settled once.
    expect(live.client.cache.book(MARKET)).toEqual(replayUntil(recorded).book(MARKET));
    expect((await app.services.sports.repository.market(matchOdds.id))!.status).toBe('settled');
    const wonPaise = Math.round(stake * (Math.round(price * 100) - 100));
    expect((await balance()) - before).toBe(wonPaise - Math.floor((wonPaise * 200) / 10_000));
    expect(await ledgerViolations(app.db)).toEqual([]);

    // What Betfair's APIs were asked, as Betfair documents them.
    const paths = api!.requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/api/login')).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(api!.requests[0]!.body))).toEqual({
      username: 'operator',
      password: 'secret',
    });
    const catalogue = api!.requests.find((r) => r.path === '/betting')!;
    expect(catalogue.headers).toMatchObject({ 'x-application': 'app_key', 'x-authentication': RECORDED_TOKEN });
    expect(JSON.parse(catalogue.body)).toEqual({
      jsonrpc: '2.0',
      method: 'SportsAPING/v1.0/listMarketCatalogue',
      params: { filter: { marketIds: [MARKET] }, marketProjection: CATALOGUE_PROJECTION, maxResults: 1 },
      id: 1,
    });
    await until(() => api!.requests.some((r) => r.path === '/api/keepAlive'), 'a keep-alive');
    expect(api!.requests.find((r) => r.path === '/api/keepAlive')!.headers).toMatchObject({
      'x-application': 'app_key',
      'x-authentication': RECORDED_TOKEN,
    });
    expect(stream!.requests[0]).toEqual({ op: 'authentication', id: 1, appKey: 'app_key', session: RECORDED_TOKEN });
  }, 600_000);

  it('a refused login is told in readiness and the metrics, and nothing else stops', async () => {
    const app = await start({ BETFAIR_USERNAME: 'operator', BETFAIR_PASSWORD: 'wrong' });
    await until(() => !app.liveFeed!.status().detail.startsWith('connecting'), 'the login answer');
    const answer = await ready(app);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('ready');
    expect(answer.body.checks.feed).toEqual({
      ok: false,
      detail: 'login failed: INVALID_USERNAME_OR_PASSWORD (stopped)',
    });
    const text = await app.services.metrics.registry.metrics();
    expect(text).toContain('khel_feed_failures_total{source="betfair",reason="INVALID_USERNAME_OR_PASSWORD"} 1');
    expect(text).toContain('khel_feed_up{source="betfair"} 0');
    expect(stream!.requests).toEqual([]);
  }, 120_000);

  it("a session the stream refuses (INVALID_SESSION_INFORMATION) stops the client with Betfair's reason", async () => {
    const app = await start({ BETFAIR_SESSION_TOKEN: 'expired-token' });
    await until(() => app.liveFeed!.status().detail !== 'connecting', "the stream's answer");
    expect(app.liveFeed!.status()).toEqual({
      ok: false,
      detail: 'INVALID_SESSION_INFORMATION: Session token is invalid (stopped)',
    });
    expect((await ready(app)).body.checks.feed?.ok).toBe(false);
    expect(app.liveFeed!.client.connections).toBe(1);
    expect(stream!.subscriptions).toEqual([]);
  }, 120_000);

  it('a refused session with a login configured logs in afresh once and subscribes', async () => {
    const app = await start({
      BETFAIR_SESSION_TOKEN: 'expired-token',
      BETFAIR_USERNAME: 'operator',
      BETFAIR_PASSWORD: 'secret',
    });
    await until(() => app.liveFeed!.status().ok, 'the stream after a fresh login');
    expect(app.liveFeed!.client.connections).toBe(2);
    expect(stream!.requests.flatMap((r) => (r.op === 'authentication' ? [r.session] : []))).toEqual([
      'expired-token',
      RECORDED_TOKEN,
    ]);
    expect(api!.requests.filter((r) => r.path === '/api/login')).toHaveLength(1);
  }, 120_000);
});
