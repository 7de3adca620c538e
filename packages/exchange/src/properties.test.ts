/**
 * Seeded property tests: the engine's invariants over random command streams, and the exposure maths
 * against a brute force written independently here (plain formulas, every outcome, every subset of
 * unmatched offers filled or not).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyCommand,
  bookmakerExposurePaise,
  createExchangeMarket,
  exchangeExposurePaise,
  fancyExposurePaise,
  fancyOutcomeTable,
  indexToPrice,
  listRestingOffers,
  readDepth,
  replayMarket,
  restoreMarket,
  settleExchangeMarket,
  snapshotMarket,
  type ExchangeBet,
  type ExchangeCommand,
  type ExchangeEvent,
  type FancyBet,
  type FilledEvent,
  type UnmatchedOffer,
} from './index.js';

const RUNNERS = ['A', 'B', 'C'];
const OWNERS = ['p1', 'p2', 'p3', 'p4'];

/** What a random step wants to do; turned into a concrete command with ids and sequence numbers. */
type Intent =
  | {
      kind: 'place';
      owner: number;
      runner: number;
      side: 'back' | 'lay';
      priceIndex: number;
      stakePaise: number;
      keep: boolean;
    }
  | { kind: 'cancel'; target: number; partialPaise: number | null }
  | { kind: 'suspend' | 'resume' | 'turnInPlay' };

const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      owner: fc.nat(OWNERS.length - 1),
      runner: fc.nat(RUNNERS.length - 1),
      side: fc.constantFrom('back' as const, 'lay' as const),
      // A narrow band of ladder prices so that offers cross often.
      priceIndex: fc.integer({ min: 95, max: 110 }),
      stakePaise: fc.integer({ min: 1, max: 50_000 }),
      keep: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      target: fc.nat(200),
      partialPaise: fc.option(fc.integer({ min: 1, max: 60_000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('suspend' as const, 'resume' as const, 'turnInPlay' as const) }),
  },
);

function toCommands(intents: Intent[]): ExchangeCommand[] {
  const placed: { offerId: string; ownerId: string }[] = [];
  return intents.map((intent, i): ExchangeCommand => {
    const stamp = { seq: i + 1, timeMs: 1_000 + i };
    switch (intent.kind) {
      case 'place': {
        const offerId = `o${i}`;
        const ownerId = OWNERS[intent.owner] as string;
        placed.push({ offerId, ownerId });
        return {
          type: 'place',
          ...stamp,
          offerId,
          ownerId,
          runnerId: RUNNERS[intent.runner] as string,
          side: intent.side,
          priceHundredths: indexToPrice(intent.priceIndex) as number,
          stakePaise: intent.stakePaise,
          persistence: intent.keep ? 'keep' : 'lapse',
        };
      }
      case 'cancel': {
        const target =
          placed.length === 0
            ? { offerId: 'none', ownerId: 'p1' }
            : (placed[intent.target % placed.length] as (typeof placed)[number]);
        return {
          type: 'cancel',
          ...stamp,
          ...target,
          ...(intent.partialPaise === null ? {} : { reducePaise: intent.partialPaise }),
        };
      }
      default:
        return { type: intent.kind, ...stamp };
    }
  });
}

const commandsArb = fc.array(intentArb, { minLength: 1, maxLength: 150 }).map(toCommands);

describe('engine invariants over random command streams', () => {
  it('MAT-5 matched stake never exceeds either side’s stake, and every paisa is accounted for', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const { market, events } = replayMarket({ marketId: 'm', runnerIds: RUNNERS }, commands);
        const stake = new Map<string, number>();
        const gone = new Map<string, number>();
        const add = (id: string, paise: number) => gone.set(id, (gone.get(id) ?? 0) + paise);
        for (const event of events) {
          if (event.type === 'accepted') stake.set(event.offerId, event.stakePaise);
          if (event.type === 'filled') {
            expect(event.backOwnerId).not.toBe(event.layOwnerId); // MAT-6
            add(event.backOfferId, event.stakePaise);
            add(event.layOfferId, event.stakePaise);
            expect(gone.get(event.backOfferId)).toBeLessThanOrEqual(stake.get(event.backOfferId) as number);
            expect(gone.get(event.layOfferId)).toBeLessThanOrEqual(stake.get(event.layOfferId) as number);
          }
          if (event.type === 'cancelled') add(event.offerId, event.cancelledPaise);
          if (event.type === 'lapsed') add(event.offerId, event.lapsedPaise);
        }
        const resting = new Map(listRestingOffers(market).map((o) => [o.offerId, o.remainingPaise]));
        // matched + cancelled + lapsed + still resting = stake placed, for every accepted offer.
        for (const [offerId, stakePaise] of stake)
          expect((gone.get(offerId) ?? 0) + (resting.get(offerId) ?? 0)).toBe(stakePaise);
      }),
      { seed: 20_240_601, numRuns: 400 },
    );
  });

  it('MAT-3 MAT-6 MAT-12 after every command only one owner’s offers can cross, and depth sums the queues', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const market = createExchangeMarket({ marketId: 'm', runnerIds: RUNNERS });
        for (const command of commands) {
          applyCommand(market, command);
          const offers = listRestingOffers(market);
          for (const back of offers.filter((o) => o.side === 'back')) {
            for (const lay of offers.filter((o) => o.side === 'lay' && o.runnerId === back.runnerId)) {
              // A back at P and a lay at P or higher would have matched unless they share an owner.
              if (back.priceHundredths <= lay.priceHundredths) expect(back.ownerId).toBe(lay.ownerId);
            }
          }
          for (const runnerId of RUNNERS) {
            const depth = readDepth(market, runnerId, 350);
            const sum = (side: 'back' | 'lay', price: number) =>
              offers
                .filter((o) => o.runnerId === runnerId && o.side === side && o.priceHundredths === price)
                .reduce((s, o) => s + o.remainingPaise, 0);
            for (const level of depth?.availableToLayPaise ?? [])
              expect(level.amountPaise).toBe(sum('back', level.priceHundredths));
            for (const level of depth?.availableToBackPaise ?? [])
              expect(level.amountPaise).toBe(sum('lay', level.priceHundredths));
            const levels = (side: 'back' | 'lay') =>
              new Set(offers.filter((o) => o.runnerId === runnerId && o.side === side).map((o) => o.priceHundredths))
                .size;
            expect(depth?.availableToLayPaise.length).toBe(levels('back'));
            expect(depth?.availableToBackPaise.length).toBe(levels('lay'));
          }
        }
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('MAT-13 replaying the same commands gives identical events, and a snapshot taken midway carries on identically', () => {
    fc.assert(
      fc.property(commandsArb, fc.nat(), (commands, cut) => {
        const first = replayMarket({ marketId: 'm', runnerIds: RUNNERS }, commands);
        const second = replayMarket({ marketId: 'm', runnerIds: RUNNERS }, commands);
        expect(second.events).toEqual(first.events);
        expect(snapshotMarket(second.market)).toEqual(snapshotMarket(first.market));

        const at = cut % (commands.length + 1);
        const head = replayMarket({ marketId: 'm', runnerIds: RUNNERS }, commands.slice(0, at));
        const restored = restoreMarket(JSON.parse(JSON.stringify(snapshotMarket(head.market))));
        const tail: ExchangeEvent[] = [];
        for (const command of commands.slice(at)) tail.push(...applyCommand(restored, command));
        expect([...head.events, ...tail]).toEqual(first.events);
      }),
      { seed: 99, numRuns: 300 },
    );
  });

  it('SET-2 every settled exchange market is zero-sum before commission, and commission only reduces winners', () => {
    fc.assert(
      fc.property(
        commandsArb,
        fc.constantFrom(...RUNNERS),
        fc.integer({ min: 0, max: 1000 }),
        (commands, winner, bp) => {
          const { events } = replayMarket({ marketId: 'm', runnerIds: RUNNERS }, commands);
          const fills = events.filter((e): e is FilledEvent => e.type === 'filled');
          const settled = settleExchangeMarket(fills, { type: 'winner', runnerId: winner }, bp);
          expect(settled.players.reduce((s, p) => s + p.grossPaise, 0)).toBe(0);
          expect(settled.players.reduce((s, p) => s + p.netPaise, 0) + settled.commissionPaise).toBe(0);
          for (const p of settled.players)
            expect(p.commissionPaise).toBe(p.grossPaise > 0 ? Math.floor((p.grossPaise * bp) / 10_000) : 0);
        },
      ),
      { seed: 5, numRuns: 300 },
    );
  });
});

// ---- Independent brute force ----------------------------------------------------------------

function bruteBetPaise(side: 'back' | 'lay', price: number, stake: number, wins: boolean, unmatched: boolean): number {
  const winnings = Math.floor(((price - 100) * stake) / 100);
  const liability = unmatched ? Math.ceil(((price - 100) * stake) / 100) : winnings;
  if (side === 'back') return wins ? winnings : -stake;
  return wins ? -liability : stake;
}

function bruteExchangeExposure(runners: string[], matched: ExchangeBet[], unmatched: UnmatchedOffer[]): number {
  let worst = 0;
  for (const winner of runners) {
    for (let mask = 0; mask < 1 << unmatched.length; mask++) {
      let total = 0;
      for (const bet of matched)
        total += bruteBetPaise(bet.side, bet.priceHundredths, bet.stakePaise, bet.runnerId === winner, false);
      unmatched.forEach((offer, i) => {
        if (mask & (1 << i))
          total += bruteBetPaise(
            offer.side,
            offer.priceHundredths,
            offer.remainingPaise,
            offer.runnerId === winner,
            true,
          );
      });
      worst = Math.min(worst, total);
    }
  }
  return worst;
}

const priceArb = fc.integer({ min: 0, max: 349 }).map((i) => indexToPrice(i) as number);
const betArb = fc.record({
  runnerId: fc.constantFrom(...RUNNERS),
  side: fc.constantFrom('back' as const, 'lay' as const),
  priceHundredths: priceArb,
  stakePaise: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('exposure against a brute force', () => {
  it('EXP-1 EXP-2 EXP-6 exchange exposure equals the worst case over every winner and every subset of unmatched fills', () => {
    fc.assert(
      fc.property(fc.array(betArb, { maxLength: 8 }), fc.array(betArb, { maxLength: 6 }), (matched, rawUnmatched) => {
        const unmatched = rawUnmatched.map((b) => ({
          runnerId: b.runnerId,
          side: b.side,
          priceHundredths: b.priceHundredths,
          remainingPaise: b.stakePaise,
        }));
        const exposure = exchangeExposurePaise(RUNNERS, matched, unmatched);
        expect(exposure).toBe(bruteExchangeExposure(RUNNERS, matched, unmatched));
        expect(exposure).toBeLessThanOrEqual(0);
      }),
      { seed: 1234, numRuns: 2000 },
    );
  });

  it('EXP-4 bookmaker exposure equals the worst runner outcome', () => {
    const bmkArb = fc.record({
      runnerId: fc.constantFrom(...RUNNERS),
      side: fc.constantFrom('back' as const, 'lay' as const),
      rateHundredths: fc.integer({ min: 1, max: 100_000 }),
      stakePaise: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(bmkArb, { maxLength: 10 }), (bets) => {
        let worst = 0;
        for (const winner of RUNNERS) {
          let total = 0;
          for (const b of bets) {
            const wins = b.runnerId === winner;
            if (b.side === 'back')
              total += wins ? Math.floor((b.rateHundredths * b.stakePaise) / 10_000) : -b.stakePaise;
            else total += wins ? -Math.ceil((b.rateHundredths * b.stakePaise) / 10_000) : b.stakePaise;
          }
          worst = Math.min(worst, total);
        }
        expect(bookmakerExposurePaise(RUNNERS, bets)).toBe(worst);
      }),
      { seed: 4321, numRuns: 2000 },
    );
  });

  it('EXP-5 fancy exposure and its table equal the result at every run total', () => {
    const fancyArb: fc.Arbitrary<FancyBet> = fc.record({
      side: fc.constantFrom('yes' as const, 'no' as const),
      lineRuns: fc.integer({ min: 0, max: 40 }),
      rateHundredths: fc.integer({ min: 1, max: 30_000 }),
      stakePaise: fc.integer({ min: 1, max: 1_000_000 }),
    });
    const brute = (bets: FancyBet[], total: number) =>
      bets.reduce((sum, b) => {
        if (b.side === 'yes')
          return sum + (total >= b.lineRuns ? Math.floor((b.rateHundredths * b.stakePaise) / 10_000) : -b.stakePaise);
        return sum + (total < b.lineRuns ? b.stakePaise : -Math.ceil((b.rateHundredths * b.stakePaise) / 10_000));
      }, 0);
    fc.assert(
      fc.property(fc.array(fancyArb, { maxLength: 10 }), (bets) => {
        let worst = 0;
        const table = fancyOutcomeTable(bets);
        for (let total = 0; total <= 45; total++) {
          const value = brute(bets, total);
          worst = Math.min(worst, value);
          const row = table.find((r) => r.fromRuns <= total && (r.toRuns === null || total < r.toRuns));
          expect(row?.profitLossPaise).toBe(value);
        }
        expect(fancyExposurePaise(bets)).toBe(worst);
      }),
      { seed: 777, numRuns: 2000 },
    );
  });

  it('SET-8 exposure is exactly the worst settlement a player can get from their matched bets', () => {
    fc.assert(
      fc.property(commandsArb, (commands) => {
        const { events } = replayMarket({ marketId: 'm', runnerIds: RUNNERS }, commands);
        const fills = events.filter((e): e is FilledEvent => e.type === 'filled');
        for (const owner of OWNERS) {
          const bets: ExchangeBet[] = fills.flatMap((f) => [
            ...(f.backOwnerId === owner
              ? [
                  {
                    runnerId: f.runnerId,
                    side: 'back' as const,
                    priceHundredths: f.priceHundredths,
                    stakePaise: f.stakePaise,
                  },
                ]
              : []),
            ...(f.layOwnerId === owner
              ? [
                  {
                    runnerId: f.runnerId,
                    side: 'lay' as const,
                    priceHundredths: f.priceHundredths,
                    stakePaise: f.stakePaise,
                  },
                ]
              : []),
          ]);
          const worstSettled = Math.min(
            0,
            ...RUNNERS.map(
              (winner) =>
                settleExchangeMarket(fills, { type: 'winner', runnerId: winner }, 0).players.find(
                  (p) => p.ownerId === owner,
                )?.grossPaise ?? 0,
            ),
          );
          expect(exchangeExposurePaise(RUNNERS, bets)).toBe(worstSettled);
        }
      }),
      { seed: 31, numRuns: 200 },
    );
  });
});
