import { describe, expect, it } from 'vitest';
import {
  BET_REJECT_REASONS,
  checkBookmakerBet,
  checkFancyBet,
  type BookmakerQuote,
  type FancyQuote,
  type OddsChangePreference,
  type StakeLimits,
} from './index.js';

const limits: StakeLimits = { minStakePaise: 10_000, maxStakePaise: 10_000_000, maxProfitPaise: 5_000_000 };

const bookmaker: BookmakerQuote = {
  status: 'open',
  runners: [
    { runnerId: 'IND', backRateHundredths: 4500, layRateHundredths: 4700 },
    { runnerId: 'AUS', backRateHundredths: null, layRateHundredths: 21_000 },
    { runnerId: 'DRAW', backRateHundredths: 90_000, layRateHundredths: 95_000, suspended: true },
  ],
};

describe('BMK-1..BMK-3 bookmaker acceptance', () => {
  it('BMK-2 reason codes are exported in precedence order', () => {
    expect(BET_REJECT_REASONS.indexOf('MARKET_SUSPENDED')).toBeLessThan(BET_REJECT_REASONS.indexOf('ODDS_CHANGED'));
    expect(BET_REJECT_REASONS.indexOf('ODDS_CHANGED')).toBeLessThan(BET_REJECT_REASONS.indexOf('BELOW_MIN_STAKE'));
  });

  it.each([
    ['BMK-1 a back at the live rate', {}, { side: 'back', rateHundredths: 4500 }, null],
    ['BMK-1 a lay at the live rate', {}, { side: 'lay', rateHundredths: 4700 }, null],
    ['BMK-1 a back at a stale rate', {}, { side: 'back', rateHundredths: 4600 }, 'ODDS_CHANGED'],
    ['BMK-1 a lay asking the back rate', {}, { side: 'lay', rateHundredths: 4500 }, 'ODDS_CHANGED'],
    [
      'BMK-2 a suspended market',
      { status: 'suspended' },
      { side: 'back', rateHundredths: 4600, stakePaise: 1 },
      'MARKET_SUSPENDED',
    ],
    ['BMK-2 a closed market', { status: 'closed' }, { side: 'back', rateHundredths: 4500 }, 'MARKET_CLOSED'],
    ['BMK-2 an unknown runner', {}, { runnerId: 'NZ', side: 'back', rateHundredths: 4500 }, 'UNKNOWN_RUNNER'],
    [
      'BMK-2 a side the house is not quoting',
      {},
      { runnerId: 'AUS', side: 'back', rateHundredths: 4500 },
      'RUNNER_SUSPENDED',
    ],
    ['BMK-2 a suspended runner', {}, { runnerId: 'DRAW', side: 'back', rateHundredths: 90_000 }, 'RUNNER_SUSPENDED'],
    [
      'BMK-3 a stake below the minimum',
      {},
      { side: 'back', rateHundredths: 4500, stakePaise: 9_999 },
      'BELOW_MIN_STAKE',
    ],
    [
      'BMK-3 a stake above the maximum',
      {},
      { side: 'lay', rateHundredths: 4700, stakePaise: 10_000_001 },
      'ABOVE_MAX_STAKE',
    ],
    ['BMK-3 a zero stake', {}, { side: 'back', rateHundredths: 4500, stakePaise: 0 }, 'INVALID_STAKE'],
    ['BMK-3 a fractional stake', {}, { side: 'back', rateHundredths: 4500, stakePaise: 10_000.5 }, 'INVALID_STAKE'],
    ['BMK-2 odds changed beats a bad stake', {}, { side: 'back', rateHundredths: 1, stakePaise: 1 }, 'ODDS_CHANGED'],
    // Back on AUS-style long odds: 210 × ₹30,000 = ₹63,000 profit > ₹50,000 cap.
    [
      'BMK-3 a back that could win more than the cap',
      { runners: [{ runnerId: 'IND', backRateHundredths: 21_000, layRateHundredths: 22_000 }] },
      { side: 'back', rateHundredths: 21_000, stakePaise: 3_000_000 },
      'ABOVE_MAX_PROFIT',
    ],
    [
      'BMK-3 a back that wins exactly the cap',
      { runners: [{ runnerId: 'IND', backRateHundredths: 20_000, layRateHundredths: 22_000 }] },
      { side: 'back', rateHundredths: 20_000, stakePaise: 2_500_000 },
      null,
    ],
    // A lay wins the backer's stake, so its profit is the stake.
    [
      'BMK-3 a lay whose stake is above the profit cap',
      { runners: [{ runnerId: 'IND', backRateHundredths: 1000, layRateHundredths: 1100 }] },
      { side: 'lay', rateHundredths: 1100, stakePaise: 6_000_000 },
      'ABOVE_MAX_PROFIT',
    ],
  ] as const)('%s', (_name, quoteChange, requestChange, reason) => {
    const quote = { ...bookmaker, ...quoteChange } as BookmakerQuote;
    const request = { runnerId: 'IND', stakePaise: 100_000, ...requestChange };
    expect(checkBookmakerBet(quote, request, limits)).toEqual(
      reason === null
        ? { accepted: true, rateHundredths: request.rateHundredths, lineRuns: null }
        : { accepted: false, reason },
    );
  });
});

const fancy: FancyQuote = {
  status: 'open',
  noLineRuns: 61,
  noRateHundredths: 10_000,
  yesLineRuns: 63,
  yesRateHundredths: 9000,
};

describe('FAN-1..FAN-2 fancy acceptance', () => {
  it.each([
    ['FAN-1 YES at the live line and rate', {}, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, null],
    ['FAN-1 NO at the live line and rate', {}, { side: 'no', lineRuns: 61, rateHundredths: 10_000 }, null],
    ['FAN-1 YES at a moved line', {}, { side: 'yes', lineRuns: 62, rateHundredths: 9000 }, 'ODDS_CHANGED'],
    ['FAN-1 NO at a moved rate', {}, { side: 'no', lineRuns: 61, rateHundredths: 9000 }, 'ODDS_CHANGED'],
    ['FAN-1 NO at the YES line', {}, { side: 'no', lineRuns: 63, rateHundredths: 10_000 }, 'ODDS_CHANGED'],
    [
      'FAN-2 a suspended market',
      { status: 'suspended' },
      { side: 'yes', lineRuns: 63, rateHundredths: 9000 },
      'MARKET_SUSPENDED',
    ],
    [
      'FAN-2 a closed market',
      { status: 'closed' },
      { side: 'yes', lineRuns: 63, rateHundredths: 9000 },
      'MARKET_CLOSED',
    ],
    [
      'FAN-2 a side with no line',
      { yesLineRuns: null },
      { side: 'yes', lineRuns: 63, rateHundredths: 9000 },
      'RUNNER_SUSPENDED',
    ],
    [
      'FAN-2 a small stake',
      {},
      { side: 'yes', lineRuns: 63, rateHundredths: 9000, stakePaise: 100 },
      'BELOW_MIN_STAKE',
    ],
    [
      'FAN-2 a big stake',
      {},
      { side: 'no', lineRuns: 61, rateHundredths: 10_000, stakePaise: 20_000_000 },
      'ABOVE_MAX_STAKE',
    ],
    // YES at rate 2.00 (20000) on ₹30,000 wins ₹60,000 > ₹50,000.
    [
      'FAN-2 YES over the profit cap',
      { yesRateHundredths: 20_000 },
      { side: 'yes', lineRuns: 63, rateHundredths: 20_000, stakePaise: 3_000_000 },
      'ABOVE_MAX_PROFIT',
    ],
    // NO wins the stake, whatever its rate.
    [
      'FAN-2 NO at a high rate under the profit cap',
      { noRateHundredths: 50_000 },
      { side: 'no', lineRuns: 61, rateHundredths: 50_000, stakePaise: 5_000_000 },
      null,
    ],
  ] as const)('%s', (_name, quoteChange, requestChange, reason) => {
    const quote = { ...fancy, ...quoteChange } as FancyQuote;
    const request = { stakePaise: 100_000, ...requestChange };
    expect(checkFancyBet(quote, request, limits)).toEqual(
      reason === null
        ? { accepted: true, rateHundredths: request.rateHundredths, lineRuns: request.lineRuns }
        : { accepted: false, reason },
    );
  });
});

const EXACT: OddsChangePreference = { mode: 'exact' };
const BETTER: OddsChangePreference = { mode: 'better' };
const TWO_TICKS: OddsChangePreference = { mode: 'ticks', ticks: 2 };

describe('BMK-4 the odds-change preference on a bookmaker bet (the live rate: back 45, lay 47)', () => {
  // [asked rate, preference, accepted?]: a back is better at a higher live rate, a lay at a lower one.
  it.each([
    ['back', 4500, EXACT, true],
    ['back', 4400, EXACT, false], // live is 1 point better
    ['back', 4400, BETTER, true],
    ['back', 4600, BETTER, false], // live is 1 point worse
    ['back', 4700, TWO_TICKS, true], // 2 points worse
    ['back', 4701, TWO_TICKS, false], // 2.01 points worse
    ['back', 3000, TWO_TICKS, true], // far better
    ['lay', 4700, EXACT, true],
    ['lay', 4800, EXACT, false], // live lay rate is 1 point lower: better for the layer
    ['lay', 4800, BETTER, true],
    ['lay', 4600, BETTER, false], // live is 1 point higher: worse
    ['lay', 4500, TWO_TICKS, true],
    ['lay', 4499, TWO_TICKS, false],
    ['lay', 6000, TWO_TICKS, true],
  ] as const)('a %s asked at %i with %o: accepted %s, at the live rate', (side, asked, preference, accepted) => {
    const live = side === 'back' ? 4500 : 4700;
    const answer = checkBookmakerBet(
      bookmaker,
      { runnerId: 'IND', side, rateHundredths: asked, stakePaise: 100_000 },
      limits,
      preference,
    );
    expect(answer).toEqual(
      accepted ? { accepted: true, rateHundredths: live, lineRuns: null } : { accepted: false, reason: 'ODDS_CHANGED' },
    );
  });

  it('BMK-4 judges the profit cap at the live rate the bet is taken at', () => {
    const quote: BookmakerQuote = {
      status: 'open',
      runners: [{ runnerId: 'IND', backRateHundredths: 21_000, layRateHundredths: 22_000 }],
    };
    // Asked 200 (wins ₹50,000 on ₹25,000, the cap), taken at the better 210: wins ₹52,500.
    expect(
      checkBookmakerBet(
        quote,
        { runnerId: 'IND', side: 'back', rateHundredths: 20_000, stakePaise: 2_500_000 },
        limits,
        BETTER,
      ),
    ).toEqual({ accepted: false, reason: 'ABOVE_MAX_PROFIT' });
  });
});

describe('FAN-4 the odds-change preference on a fancy bet (live: NO 61 @ 100, YES 63 @ 90)', () => {
  // YES is better at a lower line and a higher rate; NO at a higher line and a lower rate.
  it.each([
    ['yes', 63, 9000, EXACT, true],
    ['yes', 64, 9000, EXACT, false],
    ['yes', 64, 9000, BETTER, true], // live line 63 is lower: better for YES
    ['yes', 63, 8000, BETTER, true], // live rate 90 is higher: better
    ['yes', 62, 9000, BETTER, false], // live line is a run worse
    ['yes', 63, 9100, BETTER, false], // live rate a point worse
    ['yes', 61, 9000, TWO_TICKS, true], // two runs worse
    ['yes', 60, 9000, TWO_TICKS, false], // three runs worse
    ['yes', 61, 9200, TWO_TICKS, true], // two runs and two points worse: each within two ticks
    ['yes', 63, 9201, TWO_TICKS, false],
    ['no', 61, 10_000, EXACT, true],
    ['no', 60, 10_000, EXACT, false],
    ['no', 60, 10_000, BETTER, true], // live line 61 is higher: better for NO
    ['no', 61, 10_100, BETTER, true], // live rate 100 is lower: better for NO
    ['no', 62, 10_000, BETTER, false],
    ['no', 61, 9_900, BETTER, false],
    ['no', 63, 9_800, TWO_TICKS, true],
    ['no', 64, 10_000, TWO_TICKS, false],
    ['no', 61, 9_799, TWO_TICKS, false],
  ] as const)(
    '%s asked at %i runs, rate %i with %o: accepted %s, at the live line and rate',
    (side, line, rate, preference, accepted) => {
      const live = side === 'yes' ? { lineRuns: 63, rateHundredths: 9000 } : { lineRuns: 61, rateHundredths: 10_000 };
      const answer = checkFancyBet(
        fancy,
        { side, lineRuns: line, rateHundredths: rate, stakePaise: 100_000 },
        limits,
        preference,
      );
      expect(answer).toEqual(accepted ? { accepted: true, ...live } : { accepted: false, reason: 'ODDS_CHANGED' });
    },
  );
});
