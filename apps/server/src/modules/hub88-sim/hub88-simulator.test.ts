import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDayMonthYear } from '@khel/money';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import type { Hub88SimService } from './hub88-sim-service.js';

/**
 * The whole Hub88 flow in play mode (issue 27; decision 0046), through HTTP only: the catalogue
 * imported from the built-in simulator's game list, a launch that asks it for a game URL carrying the
 * session token, rounds played from its game page's API (it makes the signed wallet calls, with
 * Hub88's retries), the balance and statement moving exactly, and its transactions report.
 */
let t: TestApp;
let director: string;
let sim: Hub88SimService;

type Round = { status: string; multiplier: number | null; payout: number; balance: number | null };

async function play(token: string, stake: number): Promise<Round> {
  const answer = await t.app.inject({ method: 'POST', url: '/hub88-sim/api/round', payload: { token, stake } });
  expect(answer.statusCode).toBe(200);
  return answer.json() as Round;
}
async function balanceOf(token: string): Promise<number> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
}
async function launch(playerToken: string, gameId: string): Promise<{ url: string; token: string }> {
  const answer = await call(t.app, 'POST', '/api/v1/play-game', { token: playerToken, body: { gameId } });
  expect(answer.body.meta.code).toBe(200);
  const url = (answer.body.data as { url: string }).url;
  return { url, token: new URL(url, 'http://localhost').searchParams.get('token') as string };
}

beforeAll(async () => {
  t = await createTestApp();
  director = (await createOperator(t)).token;
  sim = t.services.hub88Simulator as Hub88SimService;
});
afterAll(async () => t.close());

describe('the built-in Hub88 simulator', () => {
  it("imports the aggregator's catalogue switched off; operators enable and order games into the lobby", async () => {
    const imported = await call(t.app, 'POST', '/api/v1/backoffice/casino/hub88/import', { token: director });
    expect(imported.body.data).toEqual({ added: 13, updated: 0, disabled: 0, skipped: 0 });
    let lobby = (await call(t.app, 'GET', '/api/v1/casino-games')).body.data as { provider_code: string }[];
    expect(lobby.filter((game) => game.provider_code === 'hub88')).toEqual([]);
    const games = (await call(t.app, 'GET', '/api/v1/backoffice/casino/games', { token: director })).body.data as {
      _id: string;
      provider_code: string;
      provider_name: string;
      is_slot: boolean;
    }[];
    const hub88 = games.filter((game) => game.provider_code === 'hub88');
    expect(new Set(hub88.map((game) => game.provider_name))).toEqual(new Set(['Evolution', 'Ezugi', 'Pragmatic Play']));
    expect(hub88.filter((game) => game.is_slot)).toHaveLength(4);
    for (const game of hub88) {
      const enabled = await call(t.app, 'PUT', `/api/v1/backoffice/casino/games/${game._id}`, {
        token: director,
        body: { enabled: true },
      });
      expect(enabled.body.meta.code).toBe(200);
    }
    lobby = (await call(t.app, 'GET', '/api/v1/casino-games?provider=Evolution')).body.data as {
      provider_code: string;
    }[];
    expect(lobby).toHaveLength(4);
    // A second import refreshes and keeps the operators' switches.
    const again = await call(t.app, 'POST', '/api/v1/backoffice/casino/hub88/import', { token: director });
    expect(again.body.data).toEqual({ added: 0, updated: 13, disabled: 0, skipped: 0 });
    expect((await call(t.app, 'GET', '/api/v1/casino-games?provider=hub88')).body.data).toHaveLength(13);
  });

  it('launches through the game URL call: the URL carries the session token and opens the game page', async () => {
    const player = await signUpPlayer(t);
    const { url, token } = await launch(player.token, 'evo_roulette_live');
    expect(url).toMatch(/^\/hub88-sim\/play\/evo_roulette_live\?token=/);
    expect(token.length).toBeGreaterThan(20);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Roulette Live');
    expect(page.body).toContain('/hub88-sim/game.js');
  });

  it('plays rounds by signed wallet calls: balance and statement move exactly', async () => {
    const player = await signUpPlayer(t);
    const { token } = await launch(player.token, 'evo_baccarat_live');
    let expected = 10_000;
    let wins = 0;
    for (let i = 0; i < 8; i += 1) {
      const round = await play(token, 25);
      expect(round.status).toBe('RS_OK');
      expected = Math.round((expected - 25 + round.payout) * 100) / 100;
      if (round.payout > 0) wins += 1;
      expect(round.balance).toBe(expected);
    }
    expect(await balanceOf(player.token)).toBe(expected);
    const day = indiaDayMonthYear(t.clock.now());
    const statement = await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token });
    const lines = (statement.body.data as { lines: { kind: string; description: string }[] }).lines.filter((line) =>
      line.kind.startsWith('casino'),
    );
    expect(lines).toHaveLength(8 + wins);
    expect(new Set(lines.map((line) => line.description))).toEqual(new Set([`Live Casino / Evolution / ${day}`]));
  });

  it('retries as Hub88 does: a lost bet answer is rolled back, a lost win answer is sent again and pays once, resends get their first answer', async () => {
    const player = await signUpPlayer(t);
    const { token } = await launch(player.token, 'pp_sweet_fruits');
    const start = sim.callsSent();
    // The round's bet is call start+1: its answer is lost, so the simulator rolls the bet back.
    sim.useFaults({ lostAnswers: (n) => n === start + 1 });
    const cancelled = await play(token, 40);
    expect(cancelled.status).toBe('NO_ANSWER');
    expect(await balanceOf(player.token)).toBe(10_000);
    // Every call sent twice (the same request_uuid), every other answer lost (bets rolled back, wins
    // and rollbacks sent again): the money still moves exactly once per transaction.
    sim.useFaults({ resends: () => true, lostAnswers: (n) => n % 2 === 0 });
    let expected = 10_000;
    for (let i = 0; i < 5; i += 1) {
      const round = await play(token, 10);
      if (round.status === 'RS_OK') expected = Math.round((expected - 10 + round.payout) * 100) / 100;
    }
    sim.useFaults(undefined);
    await sim.retryPending();
    expect(await balanceOf(player.token)).toBe(expected);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("the aggregator's transactions report lists every transaction it sent, each as it ended", async () => {
    const report = await t.services.casino.hub88Client.transactions(
      new Date(t.clock.now().getTime() - 60_000),
      new Date(t.clock.now().getTime() + 60_000),
    );
    const wins = report.filter((row) => row.type === 'win');
    expect(wins.length).toBeGreaterThan(8);
    expect(report.every((row) => row.currency === 'INR')).toBe(true);
    const rollbacks = report.filter((row) => row.type === 'rollback');
    expect(rollbacks.length).toBeGreaterThan(0);
    expect(rollbacks.every((row) => row.status === 'TS_SUCCESS')).toBe(true);
    expect(report.filter((row) => row.status === 'TS_PENDING')).toEqual([]);
  });

  it('reconciles a day against the report and shows the differences in the casino desk', async () => {
    // The day must be over: 12 h 10 min on is past India midnight (the operators sign in again).
    t.clock.advanceMs(12 * 60 * 60 * 1000 + 10 * 60 * 1000);
    const operator = (await createOperator(t)).token;
    const clean = await call(t.app, 'POST', '/api/v1/backoffice/casino/hub88/reconcile', {
      token: operator,
      body: { date: '2026-11-21' },
    });
    expect(clean.body.data).toMatchObject({ day: '2026-11-21', differences: 0 });
    const counts = clean.body.data as { ours: number; theirs: number; matched: number };
    expect(counts.matched).toBe(counts.ours);
    expect(counts.ours).toBeGreaterThan(20);
    // The aggregator's books now differ from ours: one win's amount, and a win we never received.
    await t.db.query(
      `update hub88_sim_transactions set amount = amount + 1000 where transaction_uuid =
         (select transaction_uuid from hub88_sim_transactions where type = 'win' and status = 'TS_SUCCESS' order by created_at limit 1)`,
    );
    await t.db.query(
      `insert into hub88_sim_transactions (transaction_uuid, reference_transaction_uuid, user_id, round, game_code, type, amount, currency, status, created_at, updated_at)
       values ('00000000-0000-4000-8000-000000000001', null, 'someone', 'sim-x', 'pp_sweet_fruits', 'win', 500000, 'INR', 'TS_SUCCESS', '2026-11-21T06:30:00Z', '2026-11-21T06:30:00Z')`,
    );
    const rerun = await call(t.app, 'POST', '/api/v1/backoffice/casino/hub88/reconcile', {
      token: operator,
      body: { date: '2026-11-21' },
    });
    expect(rerun.body.data).toMatchObject({ differences: 2 });
    const desk = await call(t.app, 'GET', '/api/v1/backoffice/casino/reconciliation/hub88', { token: operator });
    const problems = (desk.body.data as { problems: { kind: string; transactionId: string | null; detail: string }[] })
      .problems;
    expect(problems.map((problem) => problem.kind).sort()).toEqual(['HUB88_AGGREGATOR_ONLY', 'HUB88_AMOUNT_DIFFERS']);
    expect(problems.find((problem) => problem.kind === 'HUB88_AGGREGATOR_ONLY')).toMatchObject({
      transactionId: '00000000-0000-4000-8000-000000000001',
      detail: '2026-11-21: the aggregator counts a successful win of 500 paise we have no record of',
    });
    const today = await call(t.app, 'POST', '/api/v1/backoffice/casino/hub88/reconcile', {
      token: operator,
      body: { date: '2026-11-22' },
    });
    expect(today.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });
});
