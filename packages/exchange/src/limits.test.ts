import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BET_REJECT_REASONS,
  checkBookmakerBet,
  checkExchangeBet,
  checkFancyBet,
  combineLimits,
  type StakeLimits,
} from './index.js';

const market: StakeLimits = { minStakePaise: 10_000, maxStakePaise: 10_000_000, maxProfitPaise: 5_000_000 };

describe('LIM-1..LIM-3 downline limits and blocks (decision 0020)', () => {
  it('a block comes before everything about the market, the ladder before the amount', () => {
    expect(BET_REJECT_REASONS[0]).toBe('BETTING_BLOCKED');
    expect(BET_REJECT_REASONS.indexOf('PRICE_NOT_ON_LADDER')).toBeLessThan(BET_REJECT_REASONS.indexOf('INVALID_STAKE'));
    expect(BET_REJECT_REASONS.indexOf('UNKNOWN_RUNNER')).toBeLessThan(
      BET_REJECT_REASONS.indexOf('PRICE_NOT_ON_LADDER'),
    );
  });

  it('the tightest figure of the whole chain applies, and a block anywhere blocks', () => {
    const combined = combineLimits(market, [
      { minStakePaise: 20_000, maxStakePaise: null },
      { maxStakePaise: 500_000, maxProfitPaise: 9_000_000 },
      { minStakePaise: 15_000, maxProfitPaise: 100_000 },
    ]);
    expect(combined).toEqual({
      minStakePaise: 20_000,
      maxStakePaise: 500_000,
      maxProfitPaise: 100_000,
      blocked: false,
      locked: false,
    });
    expect(combineLimits(market, [{}, { blocked: true }, {}]).blocked).toBe(true);
    expect(combineLimits(market, [{}, { locked: true }, {}]).locked).toBe(true);
    expect(combineLimits(market, [])).toEqual({ ...market, blocked: false, locked: false });
  });

  it('combining never loosens: the result is within every rule and within the market', () => {
    const rule = fc.record({
      minStakePaise: fc.option(fc.integer({ min: 1, max: 10 ** 9 })),
      maxStakePaise: fc.option(fc.integer({ min: 1, max: 10 ** 9 })),
      maxProfitPaise: fc.option(fc.integer({ min: 1, max: 10 ** 9 })),
    });
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 6 }), (rules) => {
        const combined = combineLimits(market, rules);
        expect(combined.minStakePaise).toBeGreaterThanOrEqual(market.minStakePaise);
        expect(combined.maxStakePaise).toBeLessThanOrEqual(market.maxStakePaise);
        for (const each of rules) {
          if (each.minStakePaise !== null) expect(combined.minStakePaise).toBeGreaterThanOrEqual(each.minStakePaise);
          if (each.maxStakePaise !== null) expect(combined.maxStakePaise).toBeLessThanOrEqual(each.maxStakePaise);
          if (each.maxProfitPaise !== null) expect(combined.maxProfitPaise).toBeLessThanOrEqual(each.maxProfitPaise);
        }
      }),
    );
  });

  it('exchange offers: blocked, state, runner, ladder, stake, profit in that order', () => {
    const blocked = { ...market, blocked: true };
    const ok = { runnerKnown: true, side: 'back' as const, priceHundredths: 250, stakePaise: 100_000 };
    expect(checkExchangeBet('open', ok, market)).toEqual({ accepted: true });
    expect(checkExchangeBet('closed', { ...ok, priceHundredths: 251 }, blocked)).toEqual({
      accepted: false,
      reason: 'BETTING_BLOCKED',
    });
    expect(checkExchangeBet('suspended', { ...ok, runnerKnown: false }, market)).toEqual({
      accepted: false,
      reason: 'MARKET_SUSPENDED',
    });
    expect(checkExchangeBet('open', { ...ok, runnerKnown: false, priceHundredths: 251 }, market)).toEqual({
      accepted: false,
      reason: 'UNKNOWN_RUNNER',
    });
    expect(checkExchangeBet('open', { ...ok, priceHundredths: 251, stakePaise: 1 }, market)).toEqual({
      accepted: false,
      reason: 'PRICE_NOT_ON_LADDER',
    });
    expect(checkExchangeBet('open', { ...ok, stakePaise: 9_999 }, market)).toEqual({
      accepted: false,
      reason: 'BELOW_MIN_STAKE',
    });
    expect(checkExchangeBet('open', { ...ok, stakePaise: 10_000_001 }, market)).toEqual({
      accepted: false,
      reason: 'ABOVE_MAX_STAKE',
    });
    // A back at 11.0 for ₹6,000 wins ₹60,000 > ₹50,000; the same lay wins only the backer's ₹6,000.
    expect(checkExchangeBet('open', { ...ok, priceHundredths: 1100, stakePaise: 600_000 }, market)).toEqual({
      accepted: false,
      reason: 'ABOVE_MAX_PROFIT',
    });
    expect(
      checkExchangeBet('open', { ...ok, side: 'lay', priceHundredths: 1100, stakePaise: 600_000 }, market),
    ).toEqual({ accepted: true });
  });

  it('bookmaker and fancy bets refuse a blocked account before a closed market', () => {
    const blocked = { ...market, blocked: true };
    expect(
      checkBookmakerBet(
        { status: 'closed', runners: [] },
        { runnerId: 'X', side: 'back', rateHundredths: 1, stakePaise: 1 },
        blocked,
      ),
    ).toEqual({ accepted: false, reason: 'BETTING_BLOCKED' });
    expect(
      checkFancyBet(
        { status: 'suspended', noLineRuns: 1, noRateHundredths: 1, yesLineRuns: 1, yesRateHundredths: 1 },
        { side: 'yes', lineRuns: 1, rateHundredths: 1, stakePaise: 1 },
        blocked,
      ),
    ).toEqual({ accepted: false, reason: 'BETTING_BLOCKED' });
  });

  it('LIM-4: a locked market type is refused after a block and before anything about the market', () => {
    expect(BET_REJECT_REASONS.indexOf('MARKET_TYPE_LOCKED')).toBe(1);
    const locked = { ...market, locked: true };
    const exchange = { runnerKnown: false, side: 'back' as const, priceHundredths: 251, stakePaise: 1 };
    expect(checkExchangeBet('closed', exchange, locked)).toEqual({ accepted: false, reason: 'MARKET_TYPE_LOCKED' });
    expect(checkExchangeBet('closed', exchange, { ...locked, blocked: true })).toEqual({
      accepted: false,
      reason: 'BETTING_BLOCKED',
    });
    expect(
      checkBookmakerBet(
        { status: 'suspended', runners: [] },
        { runnerId: 'X', side: 'back', rateHundredths: 1, stakePaise: 1 },
        locked,
      ),
    ).toEqual({ accepted: false, reason: 'MARKET_TYPE_LOCKED' });
    expect(
      checkFancyBet(
        { status: 'closed', noLineRuns: 1, noRateHundredths: 1, yesLineRuns: 1, yesRateHundredths: 1 },
        { side: 'no', lineRuns: 1, rateHundredths: 1, stakePaise: 1 },
        locked,
      ),
    ).toEqual({ accepted: false, reason: 'MARKET_TYPE_LOCKED' });
  });
});
