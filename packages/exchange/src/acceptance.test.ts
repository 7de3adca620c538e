import { describe, expect, it } from 'vitest';
import { BET_REJECT_REASONS, checkBookmakerBet, checkFancyBet, type BookmakerQuote, type FancyQuote, type StakeLimits } from './index.js';

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
    ['a back at the live rate', {}, { side: 'back', rateHundredths: 4500 }, null],
    ['a lay at the live rate', {}, { side: 'lay', rateHundredths: 4700 }, null],
    ['a back at a stale rate', {}, { side: 'back', rateHundredths: 4600 }, 'ODDS_CHANGED'],
    ['a lay asking the back rate', {}, { side: 'lay', rateHundredths: 4500 }, 'ODDS_CHANGED'],
    ['a suspended market', { status: 'suspended' }, { side: 'back', rateHundredths: 4600, stakePaise: 1 }, 'MARKET_SUSPENDED'],
    ['a closed market', { status: 'closed' }, { side: 'back', rateHundredths: 4500 }, 'MARKET_CLOSED'],
    ['an unknown runner', {}, { runnerId: 'NZ', side: 'back', rateHundredths: 4500 }, 'UNKNOWN_RUNNER'],
    ['a side the house is not quoting', {}, { runnerId: 'AUS', side: 'back', rateHundredths: 4500 }, 'RUNNER_SUSPENDED'],
    ['a suspended runner', {}, { runnerId: 'DRAW', side: 'back', rateHundredths: 90_000 }, 'RUNNER_SUSPENDED'],
    ['a stake below the minimum', {}, { side: 'back', rateHundredths: 4500, stakePaise: 9_999 }, 'BELOW_MIN_STAKE'],
    ['a stake above the maximum', {}, { side: 'lay', rateHundredths: 4700, stakePaise: 10_000_001 }, 'ABOVE_MAX_STAKE'],
    ['a zero stake', {}, { side: 'back', rateHundredths: 4500, stakePaise: 0 }, 'INVALID_STAKE'],
    ['a fractional stake', {}, { side: 'back', rateHundredths: 4500, stakePaise: 10_000.5 }, 'INVALID_STAKE'],
    ['odds changed beats a bad stake', {}, { side: 'back', rateHundredths: 1, stakePaise: 1 }, 'ODDS_CHANGED'],
    // Back on AUS-style long odds: 210 × ₹30,000 = ₹63,000 profit > ₹50,000 cap.
    ['a back that could win more than the cap', { runners: [{ runnerId: 'IND', backRateHundredths: 21_000, layRateHundredths: 22_000 }] }, { side: 'back', rateHundredths: 21_000, stakePaise: 3_000_000 }, 'ABOVE_MAX_PROFIT'],
    ['a back that wins exactly the cap', { runners: [{ runnerId: 'IND', backRateHundredths: 20_000, layRateHundredths: 22_000 }] }, { side: 'back', rateHundredths: 20_000, stakePaise: 2_500_000 }, null],
    // A lay wins the backer's stake, so its profit is the stake.
    ['a lay whose stake is above the profit cap', { runners: [{ runnerId: 'IND', backRateHundredths: 1000, layRateHundredths: 1100 }] }, { side: 'lay', rateHundredths: 1100, stakePaise: 6_000_000 }, 'ABOVE_MAX_PROFIT'],
  ] as const)('BMK-1 %s', (_name, quoteChange, requestChange, reason) => {
    const quote = { ...bookmaker, ...quoteChange } as BookmakerQuote;
    const request = { runnerId: 'IND', stakePaise: 100_000, ...requestChange };
    expect(checkBookmakerBet(quote, request, limits)).toEqual(reason === null ? { accepted: true } : { accepted: false, reason });
  });
});

const fancy: FancyQuote = { status: 'open', noLineRuns: 61, noRateHundredths: 10_000, yesLineRuns: 63, yesRateHundredths: 9000 };

describe('FAN-1..FAN-2 fancy acceptance', () => {
  it.each([
    ['YES at the live line and rate', {}, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, null],
    ['NO at the live line and rate', {}, { side: 'no', lineRuns: 61, rateHundredths: 10_000 }, null],
    ['YES at a moved line', {}, { side: 'yes', lineRuns: 62, rateHundredths: 9000 }, 'ODDS_CHANGED'],
    ['NO at a moved rate', {}, { side: 'no', lineRuns: 61, rateHundredths: 9000 }, 'ODDS_CHANGED'],
    ['NO at the YES line', {}, { side: 'no', lineRuns: 63, rateHundredths: 10_000 }, 'ODDS_CHANGED'],
    ['a suspended market', { status: 'suspended' }, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, 'MARKET_SUSPENDED'],
    ['a closed market', { status: 'closed' }, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, 'MARKET_CLOSED'],
    ['a side with no line', { yesLineRuns: null }, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, 'RUNNER_SUSPENDED'],
    ['a small stake', {}, { side: 'yes', lineRuns: 63, rateHundredths: 9000, stakePaise: 100 }, 'BELOW_MIN_STAKE'],
    ['a big stake', {}, { side: 'no', lineRuns: 61, rateHundredths: 10_000, stakePaise: 20_000_000 }, 'ABOVE_MAX_STAKE'],
    // YES at rate 2.00 (20000) on ₹30,000 wins ₹60,000 > ₹50,000.
    ['YES over the profit cap', { yesRateHundredths: 20_000 }, { side: 'yes', lineRuns: 63, rateHundredths: 20_000, stakePaise: 3_000_000 }, 'ABOVE_MAX_PROFIT'],
    // NO wins the stake, whatever its rate.
    ['NO at a high rate under the profit cap', { noRateHundredths: 50_000 }, { side: 'no', lineRuns: 61, rateHundredths: 50_000, stakePaise: 5_000_000 }, null],
  ] as const)('FAN-1 %s', (_name, quoteChange, requestChange, reason) => {
    const quote = { ...fancy, ...quoteChange } as FancyQuote;
    const request = { stakePaise: 100_000, ...requestChange };
    expect(checkFancyBet(quote, request, limits)).toEqual(reason === null ? { accepted: true } : { accepted: false, reason });
  });
});
