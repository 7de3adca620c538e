import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LADDER_SIZE,
  indexToPrice,
  isOnLadder,
  ladderPrices,
  nearestLadderPrice,
  priceToIndex,
  tickDown,
  tickUp,
  ticksBetween,
} from './ladder.js';

describe('LAD-1 the Betfair ladder', () => {
  it('LAD-1 has exactly 350 prices, strictly increasing, from 1.01 to 1000', () => {
    const prices = ladderPrices();
    expect(prices).toHaveLength(350);
    expect(LADDER_SIZE).toBe(350);
    expect(prices[0]).toBe(101);
    expect(prices.at(-1)).toBe(100_000);
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1] as number);
  });

  it.each([
    // band upper edge, step inside the band (hundredths)
    [200, 1],
    [300, 2],
    [400, 5],
    [600, 10],
    [1000, 20],
    [2000, 50],
    [3000, 100],
    [5000, 200],
    [10_000, 500],
    [100_000, 1000],
  ])('LAD-1 the band ending at %s steps by %s', (edge, step) => {
    const prices = ladderPrices();
    const i = prices.indexOf(edge);
    expect(i).toBeGreaterThanOrEqual(0);
    expect((prices[i] as number) - (prices[i - 1] as number)).toBe(step);
  });

  it.each([
    [101, true],
    [100, false],
    [199, true],
    [201, false],
    [202, true],
    [305, true],
    [302, false],
    [410, true],
    [405, false],
    [620, true],
    [610, false],
    [1050, true],
    [1020, false],
    [2100, true],
    [3200, true],
    [3100, false],
    [5500, true],
    [11_000, true],
    [10_500, false],
    [100_000, true],
    [100_010, false],
    [150.5, false],
  ])('LAD-2 %s on the ladder: %s', (price, on) => expect(isOnLadder(price)).toBe(on));
});

describe('LAD-2 index and price', () => {
  it.each([
    [0, 101],
    [99, 200],
    [100, 202],
    [149, 300],
    [349, 100_000],
  ])('LAD-2 index %s is price %s', (index, price) => {
    expect(indexToPrice(index)).toBe(price);
    expect(priceToIndex(price)).toBe(index);
  });

  it.each([[-1], [350], [1.5]])('LAD-2 index %s is off the ladder', (index) => expect(indexToPrice(index)).toBeNull());

  it('LAD-2 round-trips every index', () => {
    for (let i = 0; i < LADDER_SIZE; i++) expect(priceToIndex(indexToPrice(i) as number)).toBe(i);
  });
});

describe('LAD-3 ticks', () => {
  it.each([
    [200, 1, 202],
    [202, -1, 200],
    [101, 5, 106],
    [1000, 1, 1050],
    [100_000, 0, 100_000],
    [300, 3, 315],
  ])('LAD-3 %s moved %s ticks is %s', (price, ticks, expected) => {
    expect(ticks >= 0 ? tickUp(price, ticks) : tickDown(price, -ticks)).toBe(expected);
  });

  it.each([
    [101, -1],
    [100_000, 1],
    [201, 1],
  ])('LAD-3 %s moved %s ticks leaves the ladder: null', (price, ticks) => expect(tickUp(price, ticks)).toBeNull());

  it('LAD-3 ticksBetween counts ladder steps', () => {
    expect(ticksBetween(200, 300)).toBe(50);
    expect(ticksBetween(300, 200)).toBe(-50);
    expect(ticksBetween(201, 300)).toBeNull();
  });
});

describe('LAD-4 nearest ladder price', () => {
  it.each([
    [201, 'nearest', 200],
    [201, 'up', 202],
    [201, 'down', 200],
    [407, 'nearest', 410],
    [405, 'nearest', 400],
    [50, 'nearest', 101],
    [200_000, 'nearest', 100_000],
    [355, 'nearest', 355],
    [10_600, 'nearest', 11_000],
    [10_400, 'nearest', 10_000],
  ] as const)('LAD-4 %s rounded %s is %s', (price, rounding, expected) =>
    expect(nearestLadderPrice(price, rounding)).toBe(expected),
  );

  it('LAD-4 the result is always on the ladder and no ladder price is closer', () => {
    const prices = ladderPrices();
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100_000 }), (price) => {
        const nearest = nearestLadderPrice(price);
        if (!isOnLadder(nearest)) return false;
        const distance = Math.abs(nearest - price);
        return prices.every((p) => Math.abs(p - price) >= distance);
      }),
      { seed: 11, numRuns: 3000 },
    );
  });
});
