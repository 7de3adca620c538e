import { createRng } from '@khel/sports-sim';
/**
 * Bookmaker and fancy bets in the group commit (decision 0027, addendum "house"): placed many at a time, they
 * stage their rows and the wallets' exposure moves with the batch. After every step each player's
 * market exposure and outcomes must equal what their bets say from scratch (matched bets netted per
 * runner, a pending bet's worst case reserved on top; a fancy one the worst run total of its live bets), each wallet's exposure the sum of its markets', and the
 * balance CHECK must have refused the bets that would overdraw, one by one, inside batches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { Caller } from '../../identity/identity-service.js';
import { call, createOperator, createTestApp } from '../../../../test/test-app.js';
import type { TestApp } from '../../../../test/test-app.js';
import { signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { AppError } from '../../../lib/app-error.js';
import { emptyChanges } from './betting-service.js';
import { fancyExposureOfBets, positionExposure } from '../positions/index.js';
import { positionLines } from '../positions/index.js';
import type { BetRow, MarketRow } from '../sports-repository.js';

const PLAYERS = 6;
const STEPS = 24;
const STAKES = [500, 1500, 3000, 6000];

let t: TestApp;
let token: string;
const callers: Caller[] = [];
/** Market 0 quotes all the time; market 1 is in play with a 1 s delay (its bets wait, pending) until the delay is taken off; market 2 is a fancy line (NO 60, YES 62). */
const markets: { id: string; type: 'BOOKMAKER' | 'FANCY'; runners: string[] }[] = [];
const outcomes: string[] = [];
const mismatches: string[] = [];

const id = (response: { body: { data?: unknown } }) => (response.body.data as { _id: string })._id;

async function checkExposures(step: number): Promise<void> {
  for (const market of markets) {
    const row = { id: market.id, type: market.type } as MarketRow;
    for (const caller of callers) {
      const bets = (
        await t.db.query<BetRow>("select * from bets where user_id = $1 and market_id = $2 and wallet = 'main'", [
          caller.userId,
          market.id,
        ])
      ).rows;
      const stored = (
        await t.db.query<{ exposure_paise: number; outcomes: Record<string, number> }>(
          "select exposure_paise, outcomes from market_exposures where user_id = $1 and market_id = $2 and wallet = 'main'",
          [caller.userId, market.id],
        )
      ).rows[0];
      if (market.type === 'FANCY') {
        // A fancy exposure: the worst run total over the player's live bets.
        const live = bets.filter((bet) => bet.status === 'matched' || bet.status === 'pending');
        const expected = live.length === 0 ? 0 : fancyExposureOfBets(live);
        if ((stored?.exposure_paise ?? 0) !== expected)
          mismatches.push(`step ${step}: fancy exposure ${stored?.exposure_paise} vs ${expected} from the bets`);
        continue;
      }
      const lines = positionLines(
        row,
        bets.filter((bet) => bet.status === 'matched' || bet.status === 'pending'),
        [],
      );
      const matched: Record<string, number> = {};
      for (const line of lines.matched) {
        matched[line.runnerId] = (matched[line.runnerId] ?? 0) + line.ifWinsPaise;
        for (const other of market.runners)
          if (other !== line.runnerId) matched[other] = (matched[other] ?? 0) + line.ifLosesPaise;
      }
      // Matched bets net per runner; a pending bet's worst case is reserved on top, as if it might match alone (refreshExposures).
      const expected = positionExposure(market.runners, matched, lines.unmatched);
      const storedOutcomes = Object.fromEntries(
        Object.entries(stored?.outcomes ?? {}).filter(([, paise]) => paise !== 0),
      );
      const expectedOutcomes = Object.fromEntries(Object.entries(matched).filter(([, paise]) => paise !== 0));
      if ((stored?.exposure_paise ?? 0) !== expected)
        mismatches.push(`step ${step}: exposure ${stored?.exposure_paise} vs ${expected} from the bets`);
      if (
        JSON.stringify(storedOutcomes, Object.keys(storedOutcomes).sort()) !==
        JSON.stringify(expectedOutcomes, Object.keys(expectedOutcomes).sort())
      )
        mismatches.push(`step ${step}: outcomes differ`);
    }
  }
  const wallets = await t.db.query<{ user_id: string; exposure_paise: number; summed: number }>(
    `select a.user_id, a.exposure_paise, coalesce((select sum(e.exposure_paise) from market_exposures e where e.user_id = a.user_id and e.wallet = 'main'), 0)::bigint as summed
     from ledger_accounts a where a.kind = 'player_main' and a.user_id = any($1::uuid[])`,
    [callers.map((caller) => caller.userId)],
  );
  for (const wallet of wallets.rows)
    if (Number(wallet.exposure_paise) !== Number(wallet.summed))
      mismatches.push(`step ${step}: wallet exposure ${wallet.exposure_paise} vs markets ${wallet.summed}`);
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await createOperator(t, ROLES.DIRECTOR)).token;
  const sport = id(await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: 'Cricket' } }));
  const league = id(
    await call(t.app, 'POST', '/api/v1/backoffice/leagues', { token, body: { sportId: sport, name: 'House League' } }),
  );
  const event = id(
    await call(t.app, 'POST', '/api/v1/backoffice/events', {
      token,
      body: { leagueId: league, name: 'Kings v Royals', startTime: '2026-11-21T14:00:00.000Z' },
    }),
  );
  for (const delay of [0, 1]) {
    const marketId = id(
      await call(t.app, 'POST', '/api/v1/backoffice/markets', {
        token,
        body: {
          eventId: event,
          marketType: 'BOOKMAKER',
          name: `Bookmaker ${delay}`,
          runners: ['Kings', 'Royals'],
          betDelaySeconds: delay,
        },
      }),
    );
    if (delay > 0)
      await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}`, { token, body: { inPlay: true } });
    const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}`, { token, body: {} })).body
      .data as { runners: { _id: string }[] };
    const runners = view.runners.map((runner) => runner._id);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}/bookmaker-rates`, {
      token,
      body: { runners: runners.map((runnerId) => ({ runnerId, backRate: 90, layRate: 95 })) },
    });
    markets.push({ id: marketId, type: 'BOOKMAKER', runners });
  }
  const fancyId = id(
    await call(t.app, 'POST', '/api/v1/backoffice/markets', {
      token,
      body: { eventId: event, marketType: 'FANCY', name: '6 over runs', runners: [], betDelaySeconds: 0 },
    }),
  );
  await call(t.app, 'PUT', `/api/v1/backoffice/markets/${fancyId}/fancy-line`, {
    token,
    body: { noLine: 60, noRate: 100, yesLine: 62, yesRate: 100 },
  });
  markets.push({ id: fancyId, type: 'FANCY', runners: [] });
  for (let i = 0; i < PLAYERS; i += 1) {
    const auth = await t.services.identity.authenticate((await signUpPlayer(t)).token);
    if (auth.kind !== 'ok') throw new Error('no caller');
    callers.push(auth.caller);
  }
  const next = createRng(20_261_127).nextFloat;
  for (let step = 0; step < STEPS; step += 1) {
    // Half way, market 1's delay is taken off (a market never leaves play): its bets no longer wait, and the pending ones must still count.
    if (step === STEPS / 2)
      await call(t.app, 'PUT', `/api/v1/backoffice/markets/${markets[1]?.id}`, { token, body: { betDelaySeconds: 0 } });
    const placed = Array.from({ length: 4 + Math.floor(next() * 10) }, () => {
      const market = markets[Math.floor(next() * markets.length)] as (typeof markets)[number];
      const back = next() < 0.55;
      const runner = market.runners[Math.floor(next() * 2)];
      const stake = STAKES[Math.floor(next() * STAKES.length)] as number;
      const side = back ? ('back' as const) : ('lay' as const);
      const body =
        market.type === 'FANCY'
          ? { marketId: market.id, selectionType: side, odds: back ? 62 : 60, oddsSize: 100, stake }
          : { marketId: market.id, selectionId: runner, selectionType: side, odds: back ? 90 : 95, stake };
      return t.services.sports.placeBet(callers[Math.floor(next() * PLAYERS)] as Caller, body, emptyChanges());
    });
    for (const settled of await Promise.allSettled(placed))
      outcomes.push(
        settled.status === 'fulfilled'
          ? 'ok'
          : settled.reason instanceof AppError
            ? settled.reason.code
            : String(settled.reason),
      );
    await checkExposures(step);
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('bookmaker and fancy bets in the group commit', () => {
  it('staged their rows in batches, some refused by the balance CHECK and some waiting out the delay', async () => {
    expect(outcomes.filter((outcome) => outcome === 'ok').length).toBeGreaterThan(40);
    expect(outcomes).toContain('WALLET_INSUFFICIENT_FUNDS');
    expect(outcomes.filter((outcome) => outcome !== 'ok' && outcome !== 'WALLET_INSUFFICIENT_FUNDS')).toEqual([]);
    const statuses = (
      await t.db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from bets where market_id = any($1::uuid[]) group by status',
        [markets.map((market) => market.id)],
      )
    ).rows;
    expect(statuses.map((row) => row.status).sort()).toEqual(['matched', 'pending']);
    // Matched bets on market 1 beside its pending ones: placed after its delay was taken off.
    const mixed = await t.db.query("select 1 from bets where market_id = $1 and status = 'matched'", [markets[1]?.id]);
    expect(mixed.rows.length).toBeGreaterThan(0);
    const fancy = await t.db.query("select 1 from bets where market_id = $1 and status = 'matched'", [markets[2]?.id]);
    expect(fancy.rows.length).toBeGreaterThan(10);
    // Fewer transactions than bets: they were committed together.
    const counts = t.services.books.counts();
    expect(counts.transactions).toBeLessThan(outcomes.length / 2);
  });

  it('keeps every exposure and outcome equal to the bets from scratch, each wallet equal to its markets, and the ledger sound', async () => {
    expect(mismatches).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
