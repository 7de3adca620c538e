import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/cluster.mjs';
import { startCluster } from '../../scripts/cluster.mjs';
import { ledgerViolations } from '../../apps/server/test/ledger-invariants.js';
import { holdAccounts } from '../../apps/server/src/modules/casino/casino-test-support.js';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database.js';
import type { Database } from '../../apps/server/src/db/database.js';
import { DEMO, api, freshMobile, loginToken, readOtp } from '../support/harness.js';
import { scratchDatabase } from '../support/scratch-database.js';

/**
 * Issue 29: "SIGTERM drains: … let in-flight bets and callbacks commit and answer … nothing acknowledged
 * is lost and nothing is answered twice (tested under load)." Two processes behind HAProxy on one
 * PostgreSQL database. A load generator bets (back and lay, matching each other) and plays casino
 * rounds (signed debit and credit callbacks) through the balancer without pause, retrying what it
 * was not answered — a dropped connection or 503 SERVICE_RESTARTING — with the same Idempotency-Key or
 * transaction id, as the player app and a provider do. One player's ledger rows are held locked while a
 * bet and a debit of theirs are in flight on the first process when SIGTERM reaches it: they must
 * commit and answer after the process has started refusing new work, and it must exit 0. The process
 * is started again and the load goes on. Then every answer is checked against the database.
 */
const database = scratchDatabase('khel_drain');
const PROVIDER = 'drainco';
let cluster: Cluster;
let db: Database;
let director: string;
let secret: string;
let marketId: string;
let runnerId: string;
const players: { token: string; userId: string }[] = [];

beforeAll(async () => {
  await database.create();
  cluster = await startCluster({
    processes: 2,
    databaseUrl: database.url.toString(),
    // A drain delay shorter than HAProxy's 2 checks: some new requests reach the process while it
    // refuses, and the load generator must cope with 503 SERVICE_RESTARTING as a client would.
    drainDelayMs: 1000,
    env: { MARKET_FORWARD_TIMEOUT_MS: '15000' },
    log: () => undefined,
  });
  db = openPostgresDatabase(cluster.databaseUrl, { max: 3 });
  director = await loginToken(cluster.url, DEMO.director.mobileNo, DEMO.director.password);
  const created = async <T = { _id: string }>(path: string, body: unknown) => {
    const answer = await api<T>(cluster.url, 'POST', path, { token: director, body });
    if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
    return answer.data;
  };
  const sport = await created('/api/v1/backoffice/sports', { name: 'Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport._id, name: 'Drain League' });
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league._id,
    name: 'Stayers v Goers',
    startTime: '2026-12-22T10:00:00Z',
  });
  marketId = (
    await created('/api/v1/backoffice/markets', {
      eventId: event._id,
      marketType: 'EXCHANGE',
      name: 'Match Odds',
      runners: ['Stayers', 'Goers'],
      betDelaySeconds: 0,
    })
  )._id;
  const detail = await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
    cluster.url,
    'GET',
    '/api/v1/event?sport=cricket&league=drain-league&event=stayers-v-goers',
  );
  runnerId = detail.data.markets[0]?.runners[0]?._id as string;
  secret = (
    await created<{ secret: string }>('/api/v1/backoffice/casino/providers', {
      code: PROVIDER,
      name: 'DRAINCO',
      launchUrlTemplate: `https://${PROVIDER}.test/launch?token={token}&game={game}`,
    })
  ).secret;
  await created('/api/v1/backoffice/casino/games', {
    providerCode: PROVIDER,
    code: `${PROVIDER}-slot`,
    title: 'Drain slot',
    category: 'Video Slots',
    isSlot: true,
    launchKind: 'play',
  });

  for (let i = 0; i < 7; i += 1) {
    const { mobileNo } = freshMobile();
    const password = 'drain-player-1';
    await api(cluster.url, 'POST', '/api/v1/signUp', {
      body: { name: `Drain Player ${i}`, mobile_no: mobileNo, password, confirmPassword: password, ageConfirmed: true },
    });
    const verified = await api<{ _id: string }>(cluster.url, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await readOtp(cluster.url, mobileNo) },
    });
    const token = verified.meta.token as string;
    const launched = await api(cluster.url, 'POST', '/api/v1/play-game', {
      token,
      body: { gameId: `${PROVIDER}-slot` },
    });
    expect(launched.meta.code).toBe(200);
    players.push({ token, userId: verified.data._id });
  }
}, 300_000);

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
  await database.drop();
});

interface Sent {
  /** HTTP status and envelope of the answer that was final (after retries of unanswered attempts). */
  status: number;
  body: { meta: { code: number; error?: string; status?: string }; data: unknown };
  attempts: number;
}

/**
 * One request, sent again (same body, same Idempotency-Key or transaction id) while it was not
 * answered: a connection cut, or 503 SERVICE_RESTARTING from a process that is stopping (or HAProxy's
 * own 502/503 while it has no process to give it to). Anything else is the answer.
 */
async function send(
  base: string,
  path: string,
  init: { headers: Record<string, string>; body: string; once?: boolean },
): Promise<Sent> {
  for (let attempts = 1; ; attempts += 1) {
    if (init.once === true && attempts > 1) throw new Error(`${path} was not answered on its first attempt`);
    try {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: init.headers, body: init.body });
      const text = await response.text();
      if (response.status === 502 || response.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      return { status: response.status, body: JSON.parse(text) as Sent['body'], attempts };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function placeBet(base: string, player: { token: string }, key: string, side: 'back' | 'lay', once = false) {
  return send(base, '/api/v1/place-bet', {
    once,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}`, 'idempotency-key': key },
    body: JSON.stringify({ marketId, selectionId: runnerId, selectionType: side, odds: 2, stake: 100 }),
  });
}

function walletCall(base: string, call: 'debit' | 'credit', payload: Record<string, unknown>, once = false) {
  const body = JSON.stringify({ ...payload, timestamp: Date.now() });
  return send(base, `/api/v1/casino-wallet/${call}`, {
    once,
    headers: {
      'content-type': 'application/json',
      'x-provider': PROVIDER,
      'x-signature': createHmac('sha256', secret).update(body).digest('hex'),
    },
    body,
  });
}

describe('a SIGTERM under load', () => {
  it('lets the bet and the callback in flight commit and answer, loses nothing answered and answers nothing twice', async () => {
    const bets = new Map<string, Sent>();
    const callbacks = new Map<string, Sent>();
    const [held, ...loaded] = players as [(typeof players)[0], ...typeof players];
    let running = true;

    // The load: each player in turn bets and plays a round through the balancer, without pause.
    const loops = loaded.map(async (player, index) => {
      for (let n = 0; running; n += 1) {
        const key = `drain-${index}-${n}`;
        // Back and lay in turn (₹100, the minimum): the players match each other and no exposure piles up.
        bets.set(key, await placeBet(cluster.url, player, key, (index + n) % 2 === 0 ? 'back' : 'lay'));
        const round = { playerId: player.userId, roundId: `R-${index}-${n}`, gameCode: `${PROVIDER}-slot` };
        const debit = `d-${index}-${n}`;
        callbacks.set(debit, await walletCall(cluster.url, 'debit', { ...round, transactionId: debit, amount: 1 }));
        const credit = `c-${index}-${n}`;
        callbacks.set(
          credit,
          await walletCall(cluster.url, 'credit', { ...round, transactionId: credit, amount: n % 3 }),
        );
      }
    });
    const answered = () => bets.size + callbacks.size;
    try {
      await expect.poll(answered, { timeout: 60_000, interval: 50 }).toBeGreaterThan(60);

      // In flight on the first process: a bet and a debit of a player whose ledger rows are held.
      const [first] = cluster.processes;
      if (first === undefined) throw new Error('no process');
      const hold = await holdAccounts(db, held.userId);
      let released = false;
      try {
        // Sent straight to the process (as HAProxy had before the stop), and never sent again.
        const heldBet = placeBet(first.url, held, 'held-bet', 'back', true);
        const heldRound = { playerId: held.userId, roundId: 'R-held', gameCode: `${PROVIDER}-slot` };
        const heldDebit = walletCall(first.url, 'debit', { ...heldRound, transactionId: 'd-held', amount: 5 }, true);
        const settled = { bet: false, debit: false };
        void heldBet.then(() => (settled.bet = true));
        void heldDebit.then(() => (settled.debit = true));
        // Both wait on the held rows (the bet possibly with others of its batch).
        const waiting = async () =>
          (
            await db.query<{ query: string }>(
              `select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows.map((row) => row.query.slice(0, 120));
        await expect
          .poll(async () => (await waiting()).length, { timeout: 20_000, interval: 50 })
          .toBeGreaterThanOrEqual(2);

        const exited = first.stop();
        // The process now refuses new work with 503 SERVICE_RESTARTING, the two still in flight.
        await expect
          .poll(
            async () => {
              const probe = await fetch(`${first.url}/api/v1/sports`).catch(() => null);
              return probe === null ? 'gone' : ((await probe.json()) as Sent['body']).meta.error;
            },
            { timeout: 20_000, interval: 50 },
          )
          .toBe('SERVICE_RESTARTING');
        // Still in flight, neither refused nor answered, while the process refuses everything new.
        expect(settled).toEqual({ bet: false, debit: false });
        const beforeRelease = answered();
        await hold.release();
        released = true;

        const [bet, debit] = await Promise.all([heldBet, heldDebit]);
        expect(bet, JSON.stringify(bet.body)).toMatchObject({
          status: 200,
          attempts: 1,
          body: { meta: { code: 200 } },
        });
        expect(debit).toMatchObject({ status: 200, attempts: 1, body: { data: { status: 'OK' } } });
        bets.set('held-bet', bet);
        callbacks.set('d-held', debit);
        expect(await exited, first.output()).toBe(0);

        // The load went on through the other process meanwhile, and goes on while this one is down.
        await expect.poll(answered, { timeout: 60_000, interval: 50 }).toBeGreaterThan(beforeRelease + 20);
      } finally {
        if (!released) await hold.release();
      }
      await first.start();
      const restarted = answered();
      await expect.poll(answered, { timeout: 60_000, interval: 50 }).toBeGreaterThan(restarted + 40);
    } finally {
      running = false;
      await Promise.all(loops);
    }

    // Every bet answered is in the database, once: as many bets as keys, each answer's bet id among them.
    for (const [key, sent] of bets) expect(sent.body.meta.code, `${key}: ${JSON.stringify(sent.body)}`).toBe(200);
    const rows = await db.query<{ id: string }>('select id from bets where market_id = $1', [marketId]);
    const stored = new Set(rows.rows.map((row) => row.id));
    expect(stored.size).toBe(bets.size);
    for (const sent of bets.values()) expect(stored.has((sent.body.data as { _id: string })._id)).toBe(true);

    // Every callback answered OK is stored once (a zero credit moves no money but is kept), none unanswered.
    for (const [id, sent] of callbacks) expect(sent.body.data, id).toMatchObject({ status: 'OK' });
    const moves = await db.query<{ transaction_id: string }>(
      `select t.transaction_id from casino_transactions t join casino_providers p on p.id = t.provider_id
        where p.code = $1`,
      [PROVIDER],
    );
    expect(moves.rows.map((row) => row.transaction_id).sort()).toEqual([...callbacks.keys()].sort());
    expect(await ledgerViolations(db)).toEqual([]);
  }, 300_000);
});
