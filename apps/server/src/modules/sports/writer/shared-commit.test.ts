import { createRng } from '@khel/sports-sim';
/**
 * The shared group commit's differential test (decisions 0037, 0058): one seeded random stream of bets
 * and cancels over four markets runs through the writer one command at a time (each commits alone: the
 * reference) and with each step's commands submitted together, so the markets' batches are gathered
 * into one statement or one transaction (held state dropped half way). Every answer, bet, fill,
 * exposure, balance and book must come out identical. Within one step a player bets on one market
 * only: across markets, the gathering orders commands by market, the reference by submission.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { snapshotMarket } from '@khel/exchange';
import type { Caller } from '../../identity/identity-service.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { AppError } from '../../../lib/app-error.js';
import { emptyChanges } from '../betting/index.js';

const PLAYERS = 8;
const MARKETS = 4;
const STEPS = 50;
const PRICES = [1.5, 1.8, 2, 2.5, 3, 4];
const STAKES = [100, 500, 2000, 6000];

/** The project's seeded generator (mulberry32), so each run sees the same stream. */
const random = (seed: number): (() => number) => createRng(seed).nextFloat;

interface Bet {
  player: number;
  market: number;
  runner: number;
  side: 'back' | 'lay';
  odds: number;
  stake: number;
}
type Step = { kind: 'places'; bets: Bet[] } | { kind: 'cancel'; player: number; pick: number };

function stream(seed: number): Step[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const steps: Step[] = [];
  for (let i = 0; i < STEPS; i += 1) {
    if (next() < 0.15) {
      steps.push({ kind: 'cancel', player: Math.floor(next() * PLAYERS), pick: next() });
      continue;
    }
    // Each player of the step on one market: its bets there keep their order; the markets commit together.
    const marketOf = Array.from({ length: PLAYERS }, () => Math.floor(next() * MARKETS));
    const count = 2 + Math.floor(next() * 14);
    steps.push({
      kind: 'places',
      bets: Array.from({ length: count }, () => {
        const player = Math.floor(next() * PLAYERS);
        return {
          player,
          market: marketOf[player] as number,
          runner: Math.floor(next() * 2),
          side: next() < 0.5 ? 'back' : 'lay',
          odds: pick(PRICES),
          stake: pick(STAKES),
        };
      }),
    });
  }
  return steps;
}

const outcomeOf = (settled: PromiseSettledResult<unknown>) =>
  settled.status === 'fulfilled'
    ? 'ok'
    : settled.reason instanceof AppError
      ? settled.reason.code
      : String(settled.reason);
type Row = Record<string, unknown>;

async function run(serial: boolean, steps: Step[]) {
  const t = await createTestApp({ MARKET_WRITER_SNAPSHOT_EVERY: '9' });
  try {
    const token = (await createOperator(t, ROLES.DIRECTOR)).token;
    const id = (response: { body: { data?: unknown } }) => (response.body.data as { _id: string })._id;
    const sport = id(await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: 'Cricket' } }));
    const league = id(
      await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
        token,
        body: { sportId: sport, name: 'Shared League' },
      }),
    );
    const event = id(
      await call(t.app, 'POST', '/api/v1/backoffice/events', {
        token,
        body: { leagueId: league, name: 'Kings v Royals', startTime: '2026-11-21T14:00:00.000Z' },
      }),
    );
    const markets: string[] = [];
    const runners: string[][] = [];
    for (let m = 0; m < MARKETS; m += 1) {
      const body = {
        eventId: event,
        marketType: 'EXCHANGE',
        name: `Market ${m}`,
        runners: ['Kings', 'Royals'],
        betDelaySeconds: 0,
      };
      const marketId = id(await call(t.app, 'POST', '/api/v1/backoffice/markets', { token, body }));
      markets.push(marketId);
      runners.push(
        (
          (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}`, { token, body: {} })).body.data as {
            runners: { _id: string }[];
          }
        ).runners.map((runner) => runner._id),
      );
    }
    const callers: Caller[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const auth = await t.services.identity.authenticate((await signUpPlayer(t)).token);
      if (auth.kind !== 'ok') throw new Error('no caller');
      callers.push(auth.caller);
    }
    const outcomes: string[] = [];
    for (const [index, step] of steps.entries()) {
      if (index === Math.floor(STEPS / 2)) for (const marketId of markets) t.services.books.forget(marketId);
      if (step.kind === 'places') {
        const place = (bet: Bet) =>
          t.services.sports.placeBet(
            callers[bet.player] as Caller,
            {
              marketId: markets[bet.market] as string,
              selectionId: runners[bet.market]?.[bet.runner],
              selectionType: bet.side,
              odds: bet.odds,
              stake: bet.stake,
            },
            emptyChanges(),
          );
        if (serial)
          for (const bet of step.bets) outcomes.push(outcomeOf((await Promise.allSettled([place(bet)]))[0] as never));
        else outcomes.push(...(await Promise.allSettled(step.bets.map(place))).map(outcomeOf));
      } else {
        const open = (
          await t.db.query<{ id: string }>(
            "select id from bets where user_id = $1 and status = 'unmatched' order by seq",
            [callers[step.player]?.userId],
          )
        ).rows;
        const target = open[Math.floor(step.pick * open.length)];
        if (target !== undefined)
          outcomes.push(
            outcomeOf(
              (
                await Promise.allSettled([t.services.sports.cancelBet(callers[step.player] as Caller, target.id)])
              )[0] as PromiseSettledResult<unknown>,
            ),
          );
      }
    }
    const users = callers.map((caller) => caller.userId);
    const bets = (
      await t.db.query<Row & { id: string }>(
        'select * from bets where market_id = any($1::uuid[]) order by array_position($1::uuid[], market_id), seq',
        [markets],
      )
    ).rows;
    const order = new Map(bets.map((bet, index) => [bet.id, index]));
    const names = new Map<string, string>([
      ...users.map((user, i) => [user, `p${i}`] as const),
      ...markets.map((market, i) => [market, `m${i}`] as const),
      ...runners.flatMap((pair, m) => pair.map((runner, r) => [runner, `m${m}r${r}`] as const)),
    ]);
    const alias = (value: unknown): unknown =>
      typeof value === 'string' ? (names.get(value) ?? (order.has(value) ? `b${order.get(value)}` : value)) : value;
    const rows = (list: Row[], columns: string[]) =>
      list
        .map((row) => columns.map((column) => alias(row[column])))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const fills = (await t.db.query<Row>('select * from fills where market_id = any($1::uuid[])', [markets])).rows;
    const exposures = (
      await t.db.query<Row>(
        'select user_id, market_id, wallet, exposure_paise, outcomes from market_exposures where market_id = any($1::uuid[])',
        [markets],
      )
    ).rows;
    const accounts = (
      await t.db.query<Row>(
        "select user_id, balance_paise, exposure_paise from ledger_accounts where user_id = any($1::uuid[]) and kind = 'player_main'",
        [users],
      )
    ).rows;
    const books: unknown[] = [];
    for (const marketId of markets) {
      const held = await t.services.books.peek({ id: marketId, type: 'EXCHANGE' } as never);
      t.services.books.forget(marketId);
      const rebuilt = await t.services.books.peek({ id: marketId, type: 'EXCHANGE' } as never);
      const view = (book: typeof held) =>
        snapshotMarket(book as NonNullable<typeof held>).offers.map((offer) => [
          alias(offer.offerId),
          alias(offer.ownerId),
          alias(offer.runnerId),
          offer.side,
          offer.priceHundredths,
          offer.remainingPaise,
        ]);
      books.push({ held: view(held), rebuilt: view(rebuilt) });
    }
    return {
      outcomes,
      bets: bets.map((bet) =>
        [
          'user_id',
          'market_id',
          'runner_id',
          'status',
          'side',
          'price_h',
          'stake_paise',
          'matched_paise',
          'cancelled_paise',
          'lapse_reason',
        ].map((column) => alias(bet[column])),
      ),
      fills: rows(fills, ['market_id', 'runner_id', 'price_h', 'stake_paise', 'back_bet_id', 'lay_bet_id']),
      exposures: rows(
        exposures.map((row) => ({
          ...row,
          outcomes: Object.entries(row.outcomes as Record<string, number>)
            .map(([runner, paise]) => `${String(alias(runner))}=${paise}`)
            .sort()
            .join(' '),
        })),
        ['user_id', 'market_id', 'wallet', 'exposure_paise', 'outcomes'],
      ),
      accounts: rows(accounts, ['user_id', 'balance_paise', 'exposure_paise']),
      books,
      ledger: await ledgerViolations(t.db),
      counts: t.services.books.counts(),
    };
  } finally {
    await t.close();
  }
}

describe('the shared group commit: several markets in one commit change nothing but the number of commits', () => {
  const steps = stream(20_261_125);
  let alone: Awaited<ReturnType<typeof run>>;
  let shared: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    alone = await run(true, steps);
    shared = await run(false, steps);
  }, 240_000);

  it('the stream matched, rested, cancelled and was refused by the balance CHECK on several markets', () => {
    expect(alone.outcomes.filter((outcome) => outcome === 'ok').length).toBeGreaterThan(100);
    expect(alone.fills.length).toBeGreaterThan(20);
    expect(new Set(alone.fills.map((fill) => fill[0])).size).toBe(MARKETS);
    expect(alone.outcomes).toContain('WALLET_INSUFFICIENT_FUNDS');
  });

  it('commits the markets together only when their commands arrive together, and a refused command split a shared transaction', () => {
    expect(shared.counts.commands).toBe(alone.counts.commands);
    expect(alone.counts.transactions).toBe(alone.counts.commands);
    expect(shared.counts.transactions).toBeLessThan(alone.counts.transactions);
    expect(alone.counts.splits).toBe(0);
    expect(shared.counts.splits).toBeGreaterThan(0);
    // Several markets' placed bets also committed together as one statement (decisions 0039, 0058).
    expect(shared.counts.oneStatement).toBeGreaterThan(0);
    expect(shared.counts.commands / shared.counts.oneStatement).toBeGreaterThan(
      alone.counts.commands / alone.counts.oneStatement,
    );
  });

  it('gives the same answers, bets, fills, exposures, balances and books either way', () => {
    expect(shared.outcomes).toEqual(alone.outcomes);
    expect(shared.bets).toEqual(alone.bets);
    expect(shared.fills).toEqual(alone.fills);
    expect(shared.exposures).toEqual(alone.exposures);
    expect(shared.accounts).toEqual(alone.accounts);
    expect(shared.books).toEqual(alone.books);
  });

  it('rebuilds every book exactly from its snapshot and command log, and the ledger holds', () => {
    for (const run of [alone, shared])
      for (const book of run.books as { held: unknown; rebuilt: unknown }[]) expect(book.rebuilt).toEqual(book.held);
    expect(alone.ledger).toEqual([]);
    expect(shared.ledger).toEqual([]);
  });
});
