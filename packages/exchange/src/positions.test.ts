import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookmakerBetLine,
  bookmakerCashOutValuePaise,
  exchangeBetLine,
  fancyBetProfitLossPaise,
  fancyBook,
  fancyCashOutValuePaise,
  greenUpSpreadBoundPaise,
  ladderPrices,
  planGreenUp,
  positionTable,
  previewPosition,
  unmatchedOfferLine,
  worstLossPaise,
  type ExchangeBet,
  type FancyBet,
  type HedgeRunner,
} from './index.js';

const RUNNERS = ['A', 'B', 'C'];
const ladder = ladderPrices().filter((price) => price <= 2000);

const exchangeBetArb: fc.Arbitrary<ExchangeBet> = fc.record({
  runnerId: fc.constantFrom(...RUNNERS),
  side: fc.constantFrom('back' as const, 'lay' as const),
  priceHundredths: fc.constantFrom(...ladder),
  stakePaise: fc.integer({ min: 1, max: 5_000_000 }),
});

/** The simple model: each bet on its own, if runner X wins. */
function modelResult(bet: ExchangeBet, winner: string, unmatched: boolean): number {
  const winnings = Math.floor(((bet.priceHundredths - 100) * bet.stakePaise) / 100);
  const liability = unmatched ? Math.ceil(((bet.priceHundredths - 100) * bet.stakePaise) / 100) : winnings;
  if (bet.side === 'back') return bet.runnerId === winner ? winnings : -bet.stakePaise;
  return bet.runnerId === winner ? -liability : bet.stakePaise;
}

describe('POS-1/POS-2 positions equal a bet-by-bet model', () => {
  it('POS-1 POS-2 for seeded random matched bets, hedges and unmatched offers', () => {
    fc.assert(
      fc.property(
        fc.array(exchangeBetArb, { maxLength: 12 }),
        fc.array(exchangeBetArb, { maxLength: 6 }),
        (matched, unmatched) => {
          const table = positionTable(
            RUNNERS,
            matched.map(exchangeBetLine),
            unmatched.map((bet) =>
              unmatchedOfferLine({
                runnerId: bet.runnerId,
                side: bet.side,
                priceHundredths: bet.priceHundredths,
                remainingPaise: bet.stakePaise,
              }),
            ),
          );
          for (const row of table) {
            const matchedPaise = matched.reduce((sum, bet) => sum + modelResult(bet, row.runnerId, false), 0);
            const ifFilled =
              matchedPaise + unmatched.reduce((sum, bet) => sum + modelResult(bet, row.runnerId, true), 0);
            expect(row.matchedPaise).toBe(matchedPaise);
            expect(row.ifFilledPaise).toBe(ifFilled);
          }
        },
      ),
      { seed: 1307, numRuns: 300 },
    );
  });

  it('POS-1 a back then a lay on one runner: both runner figures move (green on A, red on B)', () => {
    const table = positionTable(
      ['A', 'B'],
      [
        exchangeBetLine({ runnerId: 'A', side: 'back', priceHundredths: 300, stakePaise: 10_000 }),
        exchangeBetLine({ runnerId: 'A', side: 'lay', priceHundredths: 250, stakePaise: 5_000 }),
      ],
    );
    expect(table).toEqual([
      { runnerId: 'A', matchedPaise: 20_000 - 7_500, ifFilledPaise: 12_500 },
      { runnerId: 'B', matchedPaise: -10_000 + 5_000, ifFilledPaise: -5_000 },
    ]);
  });

  it('POS-1 bookmaker bets use the rate lines', () => {
    const table = positionTable(
      ['A', 'B'],
      [bookmakerBetLine({ runnerId: 'A', side: 'back', rateHundredths: 4500, stakePaise: 10_000 })],
    );
    expect(table.map((row) => row.matchedPaise)).toEqual([4_500, -10_000]);
  });

  it('POS-3 the slip preview adds a bet to both figures if it matches at once, to the second only if it rests', () => {
    const start = positionTable(
      ['A', 'B'],
      [exchangeBetLine({ runnerId: 'A', side: 'back', priceHundredths: 200, stakePaise: 10_000 })],
    );
    const line = exchangeBetLine({ runnerId: 'B', side: 'back', priceHundredths: 200, stakePaise: 10_000 });
    expect(previewPosition(start, line, true)).toEqual([
      { runnerId: 'A', matchedPaise: 0, ifFilledPaise: 0 },
      { runnerId: 'B', matchedPaise: 0, ifFilledPaise: 0 },
    ]);
    expect(previewPosition(start, line, false)).toEqual([
      { runnerId: 'A', matchedPaise: 10_000, ifFilledPaise: 0 },
      { runnerId: 'B', matchedPaise: -10_000, ifFilledPaise: 0 },
    ]);
  });
});

const fancyBetArb: fc.Arbitrary<FancyBet> = fc.record({
  side: fc.constantFrom('yes' as const, 'no' as const),
  lineRuns: fc.integer({ min: 0, max: 120 }),
  rateHundredths: fc.integer({ min: 50, max: 200 }).map((rate) => rate * 100),
  stakePaise: fc.integer({ min: 1, max: 5_000_000 }),
});

describe('POS-4 the fancy book equals the bet-by-bet model at every run total', () => {
  it('POS-4 for seeded random YES/NO bets', () => {
    fc.assert(
      fc.property(fc.array(fancyBetArb, { minLength: 1, maxLength: 10 }), (bets) => {
        const book = fancyBook(bets);
        const worst = Math.min(...book.map((row) => row.profitLossPaise));
        for (let runs = 0; runs <= 130; runs += 1) {
          const row = book.filter((candidate) => candidate.fromRuns <= runs).at(-1);
          const model = bets.reduce((sum, bet) => sum + fancyBetProfitLossPaise(bet, runs), 0);
          expect(row?.profitLossPaise).toBe(model);
          expect(row?.worst).toBe(model === worst);
        }
      }),
      { seed: 4242, numRuns: 200 },
    );
  });

  it('POS-4 YES 60 and NO 65: the band between the lines wins both; the worst case is marked', () => {
    const book = fancyBook([
      { side: 'yes', lineRuns: 60, rateHundredths: 10_000, stakePaise: 10_000 },
      { side: 'no', lineRuns: 65, rateHundredths: 10_000, stakePaise: 10_000 },
    ]);
    expect(book).toEqual([
      { fromRuns: 0, toRuns: 60, profitLossPaise: 0, worst: true },
      { fromRuns: 60, toRuns: 65, profitLossPaise: 20_000, worst: false },
      { fromRuns: 65, toRuns: null, profitLossPaise: 0, worst: true },
    ]);
  });
});

/** A book with generous depth on both sides of every runner around a random price. */
const hedgeRunnersArb: fc.Arbitrary<HedgeRunner[]> = fc
  .tuple(
    fc.array(fc.integer({ min: -2_000_000, max: 2_000_000 }), { minLength: 2, maxLength: 4 }),
    fc.array(fc.integer({ min: 20, max: 250 }), { minLength: 4, maxLength: 4 }),
    fc.integer({ min: 1, max: 3 }),
  )
  .map(([outcomes, indexes, spreadTicks]) =>
    outcomes.map((outcomePaise, i) => {
      const index = indexes[i] as number;
      return {
        runnerId: `R${i}`,
        outcomePaise,
        toBack: [0, 1, 2].map((k) => ({ priceHundredths: ladder[index - k] as number, amountPaise: 1_500_000 })),
        toLay: [0, 1, 2].map((k) => ({
          priceHundredths: ladder[index + spreadTicks + k] as number,
          amountPaise: 1_500_000,
        })),
      };
    }),
  );

describe('CSH-1..CSH-3 exchange green-up', () => {
  it('CSH-2 CSH-3 a full cash out leaves every outcome equal within the stated bound', () => {
    fc.assert(
      fc.property(hedgeRunnersArb, (runners) => {
        const plan = planGreenUp(runners);
        if (plan === null) return;
        const finals = Object.values(plan.finalPaise);
        expect(Math.max(...finals) - Math.min(...finals)).toBeLessThanOrEqual(greenUpSpreadBoundPaise(plan));
        expect(plan.valuePaise).toBe(Math.min(...finals));
        // Never worse than the worst outcome by more than the book's spread would explain: a hedge, not a bet.
        for (const leg of plan.legs)
          expect(leg.stakePaise).toBe(leg.fills.reduce((sum, fill) => sum + fill.stakePaise, 0));
      }),
      { seed: 77, numRuns: 300 },
    );
  });

  it('CSH-2 a partial cash out scales: each result is (1 − p) × before + p × value', () => {
    fc.assert(
      fc.property(hedgeRunnersArb, fc.integer({ min: 1, max: 99 }), (runners, percent) => {
        const plan = planGreenUp(runners, percent);
        if (plan === null) return;
        const kept = runners.map(
          (runner) =>
            (plan.finalPaise[runner.runnerId] as number) - Math.round(((100 - percent) * runner.outcomePaise) / 100),
        );
        expect(Math.max(...kept) - Math.min(...kept)).toBeLessThanOrEqual(greenUpSpreadBoundPaise(plan) + 1);
        expect(plan.valuePaise).toBe(Math.min(...kept));
      }),
      { seed: 78, numRuns: 300 },
    );
  });

  it('CSH-1 backed A at 3.0 for ₹100, now 2.0/2.02: lay ₹150 at 2.02 locks in about ₹48 either way', () => {
    const plan = planGreenUp([
      {
        runnerId: 'A',
        outcomePaise: 20_000,
        toBack: [{ priceHundredths: 200, amountPaise: 1_000_000 }],
        toLay: [{ priceHundredths: 202, amountPaise: 1_000_000 }],
      },
      {
        runnerId: 'B',
        outcomePaise: -10_000,
        toBack: [{ priceHundredths: 196, amountPaise: 1_000_000 }],
        toLay: [{ priceHundredths: 200, amountPaise: 1_000_000 }],
      },
    ]);
    expect(plan?.legs).toEqual([
      {
        runnerId: 'A',
        side: 'lay',
        stakePaise: 14_851,
        limitPriceHundredths: 202,
        fills: [{ priceHundredths: 202, stakePaise: 14_851 }],
      },
    ]);
    expect(plan?.finalPaise).toEqual({ A: 20_000 - 15_148, B: -10_000 + 14_851 });
    expect(plan?.valuePaise).toBe(4_851);
  });

  it('CSH-1 a thin book walks down the levels; too thin a book gives no plan', () => {
    const runners = (amountPaise: number): HedgeRunner[] => [
      {
        runnerId: 'A',
        outcomePaise: 20_000,
        toBack: [],
        toLay: [
          { priceHundredths: 202, amountPaise },
          { priceHundredths: 204, amountPaise },
        ],
      },
      { runnerId: 'B', outcomePaise: -10_000, toBack: [], toLay: [] },
    ];
    const walked = planGreenUp(runners(10_000));
    expect(walked?.legs[0]?.fills).toEqual([
      { priceHundredths: 202, stakePaise: 10_000 },
      { priceHundredths: 204, stakePaise: 4_804 },
    ]);
    expect(walked?.legs[0]?.limitPriceHundredths).toBe(204);
    expect(planGreenUp(runners(5_000))).toBeNull();
  });

  it('CSH-1 a flat position has nothing to hedge', () => {
    expect(
      planGreenUp([
        { runnerId: 'A', outcomePaise: 500, toBack: [{ priceHundredths: 200, amountPaise: 100 }], toLay: [] },
        { runnerId: 'B', outcomePaise: 500, toBack: [{ priceHundredths: 200, amountPaise: 100 }], toLay: [] },
      ]),
    ).toBeNull();
  });
});

describe('CSH-4..CSH-6 the house values bookmaker and fancy positions', () => {
  it('CSH-4 a bookmaker back hedged at the live lay rate, less the margin, within the position range', () => {
    // Backed A at rate 90 for ₹100: +90 / −100. Now A is 40/42: lay A at rate 42 locks in value.
    const fair = bookmakerCashOutValuePaise(
      [
        { runnerId: 'A', outcomePaise: 9_000, backRateHundredths: 4_000, layRateHundredths: 4_200 },
        { runnerId: 'B', outcomePaise: -10_000, backRateHundredths: 20_000, layRateHundredths: 22_000 },
      ],
      0,
    );
    // Lay stake s at 1.42: 9,000 − 42s/100 = −10,000 + s → s ≈ 13,380: value ≈ 3,380.
    expect(fair).toBeGreaterThanOrEqual(3_378);
    expect(fair).toBeLessThanOrEqual(3_381);
    const withMargin = bookmakerCashOutValuePaise(
      [
        { runnerId: 'A', outcomePaise: 9_000, backRateHundredths: 4_000, layRateHundredths: 4_200 },
        { runnerId: 'B', outcomePaise: -10_000, backRateHundredths: 20_000, layRateHundredths: 22_000 },
      ],
      500,
    );
    expect(withMargin).toBe((fair as number) - Math.ceil((19_000 * 500) / 10_000));
  });

  it('CSH-4 no quote on the side the hedge needs: no cash out', () => {
    expect(
      bookmakerCashOutValuePaise(
        [
          { runnerId: 'A', outcomePaise: 9_000, backRateHundredths: 4_000, layRateHundredths: null },
          { runnerId: 'B', outcomePaise: -10_000, backRateHundredths: null, layRateHundredths: null },
        ],
        0,
      ),
    ).toBeNull();
  });

  it('CSH-6 a fancy YES far below the live line is worth nearly its win; one at the line about nothing', () => {
    const yes60: FancyBet[] = [{ side: 'yes', lineRuns: 60, rateHundredths: 10_000, stakePaise: 10_000 }];
    expect(fancyCashOutValuePaise(yes60, { noLineRuns: 80, yesLineRuns: 81 }, 8, 0)).toBe(10_000);
    const atLine = fancyCashOutValuePaise(
      [{ side: 'yes', lineRuns: 81, rateHundredths: 10_000, stakePaise: 10_000 }],
      { noLineRuns: 80, yesLineRuns: 82 },
      8,
      0,
    ) as number;
    expect(Math.abs(atLine)).toBeLessThan(2_000);
    expect(fancyCashOutValuePaise(yes60, { noLineRuns: null, yesLineRuns: null }, 8, 0)).toBeNull();
  });

  it('CSH-6 CSH-5 the value stays within the position’s worst and best outcome (seeded)', () => {
    fc.assert(
      fc.property(
        fc.array(fancyBetArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 2_000 }),
        (bets, no, gap, margin) => {
          const value = fancyCashOutValuePaise(bets, { noLineRuns: no, yesLineRuns: no + gap }, 8, margin) as number;
          const book = fancyBook(bets).map((row) => row.profitLossPaise);
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(Math.min(...book));
          expect(value).toBeLessThanOrEqual(Math.max(...book));
        },
      ),
      { seed: 99, numRuns: 200 },
    );
  });
});

describe('POS-5 a settled position risks its worst loss, never the sum of its stakes', () => {
  it('POS-5 equals the bet-by-bet model: the lowest result over every runner plus the locked value, as a loss', () => {
    fc.assert(
      fc.property(
        fc.array(exchangeBetArb, { minLength: 0, maxLength: 12 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (bets, lockedPaise) => {
          const results = RUNNERS.map(
            (winner) => bets.reduce((sum, bet) => sum + modelResult(bet, winner, false), 0) + lockedPaise,
          );
          const expected = Math.max(0, -Math.min(...results));
          expect(
            worstLossPaise({ kind: 'runners', runnerIds: RUNNERS, lines: bets.map(exchangeBetLine), lockedPaise }),
          ).toBe(expected);
        },
      ),
      { seed: 20261201, numRuns: 300 },
    );
  });

  it('POS-5 a back and a lay of one runner at one price risk nothing; at two prices, their difference', () => {
    const back = { runnerId: 'A', side: 'back' as const, priceHundredths: 200, stakePaise: 100_000 };
    const position = (lay: ExchangeBet) =>
      worstLossPaise({ kind: 'runners', runnerIds: RUNNERS, lines: [back, lay].map(exchangeBetLine), lockedPaise: 0 });
    expect(position({ ...back, side: 'lay' })).toBe(0);
    // Back 1,000 at 2.0, lay 1,000 at 2.2: A wins +1,000 − 1,200 = −200; A loses −1,000 + 1,000 = 0.
    expect(position({ ...back, side: 'lay', priceHundredths: 220 })).toBe(20_000);
    // Alone, the back risks its stake.
    expect(
      worstLossPaise({ kind: 'runners', runnerIds: RUNNERS, lines: [exchangeBetLine(back)], lockedPaise: 0 }),
    ).toBe(100_000);
  });

  it('POS-5 a cashed-out position risks the loss it settled for, nothing when it settled for a profit', () => {
    expect(worstLossPaise({ kind: 'runners', runnerIds: RUNNERS, lines: [], lockedPaise: -30_000 })).toBe(30_000);
    expect(worstLossPaise({ kind: 'fancy', bets: [], lockedPaise: 12_500 })).toBe(0);
  });

  it('POS-5 fancy: YES and NO around one line risk only the worse side; over every run total', () => {
    fc.assert(
      fc.property(fc.array(fancyBetArb, { minLength: 1, maxLength: 8 }), (bets) => {
        let worst = 0;
        for (let runs = 0; runs <= 400; runs += 1)
          worst = Math.min(
            worst,
            bets.reduce((sum, bet) => sum + fancyBetProfitLossPaise(bet, runs), 0),
          );
        expect(worstLossPaise({ kind: 'fancy', bets, lockedPaise: 0 })).toBe(worst === 0 ? 0 : -worst);
      }),
      { seed: 20261202, numRuns: 200 },
    );
    const yes = { side: 'yes' as const, lineRuns: 60, rateHundredths: 10_000, stakePaise: 10_000 };
    expect(worstLossPaise({ kind: 'fancy', bets: [yes, { ...yes, side: 'no' }], lockedPaise: 0 })).toBe(0);
  });
});
