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
    ['BMK-1 a back at the live rate', {}, { side: 'back', rateHundredths: 4500 }, null],
    ['BMK-1 a lay at the live rate', {}, { side: 'lay', rateHundredths: 4700 }, null],
    ['BMK-1 a back at a stale rate', {}, { side: 'back', rateHundredths: 4600 }, 'ODDS_CHANGED'],
    ['BMK-1 a lay asking the back rate', {}, { side: 'lay', rateHundredths: 4500 }, 'ODDS_CHANGED'],
    ['BMK-2 a suspended market', { status: 'suspended' }, { side: 'back', rateHundredths: 4600, stakePaise: 1 }, 'MARKET_SUSPENDED'],
    ['BMK-2 a closed market', { status: 'closed' }, { side: 'back', rateHundredths: 4500 }, 'MARKET_CLOSED'],
    ['BMK-2 an unknown runner', {}, { runnerId: 'NZ', side: 'back', rateHundredths: 4500 }, 'UNKNOWN_RUNNER'],
    ['BMK-2 a side the house is not quoting', {}, { runnerId: 'AUS', side: 'back', rateHundredths: 4500 }, 'RUNNER_SUSPENDED'],
    ['BMK-2 a suspended runner', {}, { runnerId: 'DRAW', side: 'back', rateHundredths: 90_000 }, 'RUNNER_SUSPENDED'],
    ['BMK-3 a stake below the minimum', {}, { side: 'back', rateHundredths: 4500, stakePaise: 9_999 }, 'BELOW_MIN_STAKE'],
    ['BMK-3 a stake above the maximum', {}, { side: 'lay', rateHundredths: 4700, stakePaise: 10_000_001 }, 'ABOVE_MAX_STAKE'],
    ['BMK-3 a zero stake', {}, { side: 'back', rateHundredths: 4500, stakePaise: 0 }, 'INVALID_STAKE'],
    ['BMK-3 a fractional stake', {}, { side: 'back', rateHundredths: 4500, stakePaise: 10_000.5 }, 'INVALID_STAKE'],
    ['BMK-2 odds changed beats a bad stake', {}, { side: 'back', rateHundredths: 1, stakePaise: 1 }, 'ODDS_CHANGED'],
    // Back on AUS-style long odds: 210 × ₹30,000 = ₹63,000 profit > ₹50,000 cap.
    ['BMK-3 a back that could win more than the cap', { runners: [{ runnerId: 'IND', backRateHundredths: 21_000, layRateHundredths: 22_000 }] }, { side: 'back', rateHundredths: 21_000, stakePaise: 3_000_000 }, 'ABOVE_MAX_PROFIT'],
    ['BMK-3 a back that wins exactly the cap', { runners: [{ runnerId: 'IND', backRateHundredths: 20_000, layRateHundredths: 22_000 }] }, { side: 'back', rateHundredths: 20_000, stakePaise: 2_500_000 }, null],
    // A lay wins the backer's stake, so its profit is the stake.
    ['BMK-3 a lay whose stake is above the profit cap', { runners: [{ runnerId: 'IND', backRateHundredths: 1000, layRateHundredths: 1100 }] }, { side: 'lay', rateHundredths: 1100, stakePaise: 6_000_000 }, 'ABOVE_MAX_PROFIT'],
  ] as const)('%s', (_name, quoteChange, requestChange, reason) => {
    const quote = { ...bookmaker, ...quoteChange } as BookmakerQuote;
    const request = { runnerId: 'IND', stakePaise: 100_000, ...requestChange };
    expect(checkBookmakerBet(quote, request, limits)).toEqual(reason === null ? { accepted: true } : { accepted: false, reason });
  });
});

const fancy: FancyQuote = { status: 'open', noLineRuns: 61, noRateHundredths: 10_000, yesLineRuns: 63, yesRateHundredths: 9000 };

describe('FAN-1..FAN-2 fancy acceptance', () => {
  it.each([
    ['FAN-1 YES at the live line and rate', {}, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, null],
    ['FAN-1 NO at the live line and rate', {}, { side: 'no', lineRuns: 61, rateHundredths: 10_000 }, null],
    ['FAN-1 YES at a moved line', {}, { side: 'yes', lineRuns: 62, rateHundredths: 9000 }, 'ODDS_CHANGED'],
    ['FAN-1 NO at a moved rate', {}, { side: 'no', lineRuns: 61, rateHundredths: 9000 }, 'ODDS_CHANGED'],
    ['FAN-1 NO at the YES line', {}, { side: 'no', lineRuns: 63, rateHundredths: 10_000 }, 'ODDS_CHANGED'],
    ['FAN-2 a suspended market', { status: 'suspended' }, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, 'MARKET_SUSPENDED'],
    ['FAN-2 a closed market', { status: 'closed' }, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, 'MARKET_CLOSED'],
    ['FAN-2 a side with no line', { yesLineRuns: null }, { side: 'yes', lineRuns: 63, rateHundredths: 9000 }, 'RUNNER_SUSPENDED'],
    ['FAN-2 a small stake', {}, { side: 'yes', lineRuns: 63, rateHundredths: 9000, stakePaise: 100 }, 'BELOW_MIN_STAKE'],
    ['FAN-2 a big stake', {}, { side: 'no', lineRuns: 61, rateHundredths: 10_000, stakePaise: 20_000_000 }, 'ABOVE_MAX_STAKE'],
    // YES at rate 2.00 (20000) on ₹30,000 wins ₹60,000 > ₹50,000.
    ['FAN-2 YES over the profit cap', { yesRateHundredths: 20_000 }, { side: 'yes', lineRuns: 63, rateHundredths: 20_000, stakePaise: 3_000_000 }, 'ABOVE_MAX_PROFIT'],
    // NO wins the stake, whatever its rate.
    ['FAN-2 NO at a high rate under the profit cap', { noRateHundredths: 50_000 }, { side: 'no', lineRuns: 61, rateHundredths: 50_000, stakePaise: 5_000_000 }, null],
  ] as const)('%s', (_name, quoteChange, requestChange, reason) => {
    const quote = { ...fancy, ...quoteChange } as FancyQuote;
    const request = { stakePaise: 100_000, ...requestChange };
    expect(checkFancyBet(quote, request, limits)).toEqual(reason === null ? { accepted: true } : { accepted: false, reason });
  });
});
