import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  averagePriceHundredths,
  backProfitPaise,
  formatPaise,
  formatRupees,
  groupIndian,
  layLiabilityPaise,
  paiseToRupees,
  percentLiabilityPaise,
  percentProfitPaise,
  rupeesToPaise,
  toHundredths,
} from './index.js';

describe('rupeesToPaise', () => {
  it.each([
    [200, 20_000],
    [0.3, 30],
    [1234.56, 123_456],
    [0, 0],
    [-5.5, -550],
  ])('%s rupees is %s paise', (rupees, paise) => expect(rupeesToPaise(rupees)).toBe(paise));

  it.each([[1.005], [0.001], [0.1 + 0.2], [Number.NaN], [Number.POSITIVE_INFINITY], [1e15]])('refuses %s', (rupees) =>
    expect(rupeesToPaise(rupees)).toBeNull(),
  );

  it('round-trips every paise amount through the wire', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => rupeesToPaise(paiseToRupees(paise)) === paise),
      { seed: 42, numRuns: 5000 },
    );
  });
});

describe('formatPaise (Indian grouping, PRODUCT.md §6)', () => {
  it.each([
    [10_000_000, '₹1,00,000.00'],
    [123_456_789, '₹12,34,567.89'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [-250_050, '-₹2,500.50'],
    [99_999_999_900, '₹99,99,99,999.00'],
  ])('%s paise reads %s', (paise, text) => expect(formatPaise(paise)).toBe(text));

  it('can omit the symbol', () => expect(formatPaise(150_000, { symbol: false })).toBe('1,500.00'));
  it('can omit the symbol and the grouping, for a CSV file', () => {
    expect(formatPaise(-123_456_789, { symbol: false, grouping: false })).toBe('-1234567.89');
    expect(formatRupees(1234.56, { symbol: false, grouping: false })).toBe('1234.56');
    expect(formatRupees(-0.05, { symbol: false, grouping: false })).toBe('-0.05');
  });
  it('groups digits', () => expect(groupIndian('1234567')).toBe('12,34,567'));
});

describe('profit and liability', () => {
  it.each([
    // odds, stake paise, back profit, lay liability
    [250, 10_000, 15_000, 15_000],
    [101, 10_000, 100, 100],
    [157, 333, 189, 190], // 0.57 × 333 = 189.81: profit rounds down, liability up
  ])('odds %s stake %s', (odds, stake, profit, liability) => {
    expect(backProfitPaise(odds, stake)).toBe(profit);
    expect(layLiabilityPaise(odds, stake)).toBe(liability);
  });

  it('percent style: rate 45 on ₹100 wins ₹45', () => {
    expect(percentProfitPaise(4500, 10_000)).toBe(4500);
    expect(percentLiabilityPaise(4500, 10_000)).toBe(4500);
  });

  it('liability always covers the matching profit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100_000 }), fc.integer({ min: 1, max: 1e9 }), (odds, stake) => {
        const profit = backProfitPaise(odds, stake);
        const liability = layLiabilityPaise(odds, stake);
        return liability >= profit && liability - profit <= 1;
      }),
      { seed: 7, numRuns: 5000 },
    );
  });

  it.each<[[number, number][], number]>([
    // fills as [stake paise, price hundredths], the average price in hundredths
    [[[10_000, 200]], 200],
    [
      [
        [10_000, 185],
        [5_000, 200],
      ],
      190,
    ], // ₹100 at 1.85 and ₹50 at 2.00
    [
      [
        [10_000, 185],
        [10_000, 186],
      ],
      186,
    ], // 1.855 rounds half up
    [
      [
        [20_000, 185],
        [10_000, 186],
      ],
      185,
    ], // 1.8533…
    [
      [
        [1, 101],
        [2, 1000],
      ],
      700,
    ], // 7.00333…
  ])('average matched price of %j is %s', (fills, average) => {
    const stake = fills.reduce((sum, [paise]) => sum + paise, 0);
    const priceSum = fills.reduce((sum, [paise, price]) => sum + paise * price, 0);
    expect(averagePriceHundredths(priceSum, stake)).toBe(average);
  });

  it('has no average price while nothing is matched', () => {
    expect(averagePriceHundredths(0, 0)).toBeNull();
  });

  it('reads odds in hundredths', () => {
    expect(toHundredths(1.57)).toBe(157);
    expect(toHundredths(1.575)).toBeNull();
  });
});
