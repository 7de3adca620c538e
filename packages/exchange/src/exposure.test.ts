import { describe, expect, it } from 'vitest';
import {
  bookmakerExposurePaise,
  bookmakerOutcomeTable,
  exchangeExposurePaise,
  exchangeOutcomeTable,
  fancyExposurePaise,
  fancyOutcomeTable,
  type ExchangeBet,
  type FancyBet,
  type UnmatchedOffer,
} from './index.js';

const runners = ['A', 'B', 'C'];
const back = (runnerId: string, priceHundredths: number, stakePaise: number): ExchangeBet => ({
  runnerId,
  side: 'back',
  priceHundredths,
  stakePaise,
});
const lay = (runnerId: string, priceHundredths: number, stakePaise: number): ExchangeBet => ({
  runnerId,
  side: 'lay',
  priceHundredths,
  stakePaise,
});
const offer = (bet: ExchangeBet): UnmatchedOffer => ({
  runnerId: bet.runnerId,
  side: bet.side,
  priceHundredths: bet.priceHundredths,
  remainingPaise: bet.stakePaise,
});

describe('EXP-1 exchange exposure is the worst runner outcome of the matched bets', () => {
  it.each<[string, ExchangeBet[], number]>([
    ['nothing matched', [], 0],
    ['one back loses its stake', [back('A', 300, 10_000)], -10_000],
    ['one lay risks its liability', [lay('A', 300, 10_000)], -20_000],
    ['a back and a lay at the same price on one runner cancel out', [back('A', 300, 10_000), lay('A', 300, 10_000)], 0],
    // Backed at 3.0, laid at 2.5 (a green book): +5,000 if A wins, 0 otherwise.
    ['a back then a lower lay locks in a profit: exposure 0', [back('A', 300, 10_000), lay('A', 250, 10_000)], 0],
    // Backed at 2.5, laid at 3.0: A wins → 15,000 − 20,000 = −5,000.
    ['a back then a higher lay loses a little on one outcome', [back('A', 250, 10_000), lay('A', 300, 10_000)], -5_000],
    // Backing every runner: the worst case is one runner winning, not the sum of stakes (−30,000).
    [
      'backing A, B and C is a hedge, not a sum',
      [back('A', 300, 10_000), back('B', 300, 10_000), back('C', 300, 10_000)],
      0,
    ],
    ['backing A and B: C winning loses both stakes', [back('A', 300, 10_000), back('B', 400, 10_000)], -20_000],
    // Lay A at 2.0 (liab 10,000) and lay B at 5.0 (liab 40,000): worst is B wins → −40,000 + 10,000.
    ['two lays: the worst runner, less the other stake won', [lay('A', 200, 10_000), lay('B', 500, 10_000)], -30_000],
  ])('EXP-1 %s → %s', (_name, matched, exposurePaise) => {
    expect(exchangeExposurePaise(runners, matched)).toBe(exposurePaise);
  });

  it('EXP-1 the outcome table lists each runner’s result', () => {
    expect(exchangeOutcomeTable(runners, [back('A', 300, 10_000), lay('B', 200, 5_000)])).toEqual([
      { runnerId: 'A', matchedPaise: 25_000, worstCasePaise: 25_000 },
      { runnerId: 'B', matchedPaise: -15_000, worstCasePaise: -15_000 },
      { runnerId: 'C', matchedPaise: -5_000, worstCasePaise: -5_000 },
    ]);
  });

  it('EXP-1 a bet on a runner the market does not have is a caller bug', () => {
    expect(() => exchangeExposurePaise(runners, [back('Z', 300, 100)])).toThrow(/unknown runner/);
  });
});

describe('EXP-2 unmatched offers count only where they make the worst case worse', () => {
  it.each<[string, ExchangeBet[], ExchangeBet[], number]>([
    ['an unmatched back reserves its stake', [], [back('A', 300, 10_000)], -10_000],
    ['an unmatched lay reserves its liability', [], [lay('A', 300, 10_000)], -20_000],
    // Matched back A (−10,000 if A loses). Unmatched lay A at 3.0 would hedge if filled; it must not lower the reserve below the matched worst case: −10,000 (if it stays unmatched and A loses).
    ['an unmatched hedge gives no credit', [back('A', 300, 10_000)], [lay('A', 300, 10_000)], -10_000],
    // Matched lay A (−20,000 if A wins); unmatched back B: if B wins, +10,000 from the lay and −0; if C wins, +10,000 −10,000 = 0; A wins → −20,000 − 10,000.
    [
      'an unmatched back on another runner worsens the outcome where it loses',
      [lay('A', 300, 10_000)],
      [back('B', 300, 10_000)],
      -30_000,
    ],
    // Two unmatched backs on different runners cannot both lose… they can: C wins. Worst −20,000.
    ['two unmatched backs can both lose', [], [back('A', 300, 10_000), back('B', 300, 10_000)], -20_000],
    // Unmatched lay rounds its liability up: 0.57 × 333 = 189.81 → 190.
    ['an unmatched lay liability rounds up', [], [lay('A', 157, 333)], -190],
  ])('EXP-2 %s → %s', (_name, matched, unmatched, exposurePaise) => {
    expect(exchangeExposurePaise(runners, matched, unmatched.map(offer))).toBe(exposurePaise);
  });
});

describe('EXP-3 rounding of matched bets', () => {
  it('EXP-3 a matched lay reserves what the backer would win, rounded down like the backer’s win', () => {
    // 0.57 × 333 = 189.81: the backer can win 189, so the layer can lose 189, not 190.
    expect(exchangeExposurePaise(runners, [lay('A', 157, 333)])).toBe(-189);
  });
});

describe('EXP-4 bookmaker exposure', () => {
  it.each<[string, { runnerId: string; side: 'back' | 'lay'; rateHundredths: number; stakePaise: number }[], number]>([
    [
      'back at 45 loses the stake',
      [{ runnerId: 'A', side: 'back', rateHundredths: 4500, stakePaise: 10_000 }],
      -10_000,
    ],
    ['lay at 47 risks 47 per 100', [{ runnerId: 'A', side: 'lay', rateHundredths: 4700, stakePaise: 10_000 }], -4_700],
    [
      'back 45 and lay 47 on one runner: worst is −200',
      [
        { runnerId: 'A', side: 'back', rateHundredths: 4500, stakePaise: 10_000 },
        { runnerId: 'A', side: 'lay', rateHundredths: 4700, stakePaise: 10_000 },
      ],
      -200,
    ],
    ['lay liability rounds up', [{ runnerId: 'A', side: 'lay', rateHundredths: 4750, stakePaise: 333 }], -159],
  ])('EXP-4 %s', (_name, bets, exposurePaise) => {
    expect(bookmakerExposurePaise(runners, bets)).toBe(exposurePaise);
    expect(Math.min(0, ...bookmakerOutcomeTable(runners, bets).map((row) => row.matchedPaise))).toBe(exposurePaise);
  });
});

describe('EXP-5 fancy exposure over every run total', () => {
  const yes = (lineRuns: number, rateHundredths: number, stakePaise: number): FancyBet => ({
    side: 'yes',
    lineRuns,
    rateHundredths,
    stakePaise,
  });
  const no = (lineRuns: number, rateHundredths: number, stakePaise: number): FancyBet => ({
    side: 'no',
    lineRuns,
    rateHundredths,
    stakePaise,
  });

  it.each<[string, FancyBet[], number]>([
    ['nothing', [], 0],
    ['one YES loses its stake', [yes(63, 9000, 10_000)], -10_000],
    ['one NO at rate 110 loses 110 %', [no(61, 11_000, 10_000)], -11_000],
    // NO 61 and YES 63 both lose on 61 and 62.
    ['NO 61 + YES 63 both lose between the lines', [no(61, 10_000, 10_000), yes(63, 10_000, 10_000)], -20_000],
    // YES 60 and NO 65: every total wins at least one; 60..64 wins both.
    ['YES 60 + NO 65 cover every total', [yes(60, 10_000, 10_000), no(65, 10_000, 10_000)], 0],
    ['YES at line 0 always wins', [yes(0, 10_000, 10_000)], 0],
  ])('EXP-5 %s → %s', (_name, bets, exposurePaise) => {
    expect(fancyExposurePaise(bets)).toBe(exposurePaise);
  });

  it('EXP-5 the outcome table has one row per interval between lines', () => {
    expect(fancyOutcomeTable([no(61, 10_000, 10_000), yes(63, 9_000, 10_000)])).toEqual([
      { fromRuns: 0, toRuns: 61, profitLossPaise: 0 },
      { fromRuns: 61, toRuns: 63, profitLossPaise: -20_000 },
      { fromRuns: 63, toRuns: null, profitLossPaise: -1_000 },
    ]);
    expect(fancyOutcomeTable([])).toEqual([{ fromRuns: 0, toRuns: null, profitLossPaise: 0 }]);
  });
});
