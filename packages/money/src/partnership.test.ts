import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPointsOf, effectiveRates, marketNetWinningsPaise, splitAlongChain, splitCommission } from './index.js';

/** A non-decreasing chain of cumulative rates, nearest agent first, as the service keeps them. */
const chain = fc
  .array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 5 })
  .map((rates) => [...rates].sort((a, b) => a - b));
const pnl = fc.integer({ min: -(10 ** 13), max: 10 ** 13 });

describe('partnership shares along the chain (decision 0020)', () => {
  it('a worked example: agent 50 %, master 80 %, director the rest', () => {
    // The player lost ₹1,000.01 (the house side gains 100001 paise).
    expect(splitAlongChain(100_001, [5000, 8000])).toEqual([50_000, 30_000, 20_001]);
    expect(splitAlongChain(-100_001, [5000, 8000])).toEqual([-50_000, -30_000, -20_001]);
  });

  it('the shares of every amount sum to the whole and carry its sign', () => {
    fc.assert(
      fc.property(pnl, chain, (amount, rates) => {
        const shares = splitAlongChain(amount, rates);
        expect(shares).toHaveLength(rates.length + 1);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
        for (const share of shares) expect(Math.sign(share) === 0 || Math.sign(share) === Math.sign(amount)).toBe(true);
      }),
    );
  });

  it('each level keeps its own rate minus the rate below it, within a paisa', () => {
    fc.assert(
      fc.property(pnl, chain, (amount, rates) => {
        const shares = splitAlongChain(amount, rates);
        rates.forEach((rate, index) => {
          const own = rate - (index === 0 ? 0 : (rates[index - 1] as number));
          // Exact rational share, compared in BigInt: |share × 10000 − amount × own| < 10000 × 2 (two roundings).
          const error = BigInt(shares[index] as number) * 10_000n - BigInt(amount) * BigInt(own);
          expect(error < 20_000n && error > -20_000n).toBe(true);
        });
      }),
    );
  });

  it('a chain stored out of order never gives a level a negative share', () => {
    expect(effectiveRates([9000, 4000, 6000], 10_000)).toEqual([4000, 4000, 6000]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 5 }),
        (amount, rates) => {
          for (const share of splitAlongChain(amount, rates)) expect(share).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('commission on exchange net winnings', () => {
  it('counts a market only when its net is a win', () => {
    expect(marketNetWinningsPaise([50_000, -20_000])).toBe(30_000);
    expect(marketNetWinningsPaise([50_000, -70_000])).toBe(0);
    expect(marketNetWinningsPaise([])).toBe(0);
  });

  it('shares the house commission along the chain and keeps the rest for the house', () => {
    // 2 % house commission on ₹1,234.56; top agent 1.5 %, its sub-agent 1 %.
    expect(splitCommission(123_456, [100, 150], 200)).toEqual([1234, 617, 618]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 13 }),
        chain,
        fc.integer({ min: 0, max: 10_000 }),
        (net, rates, house) => {
          const shares = splitCommission(net, rates, house);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(basisPointsOf(net, house));
          for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
