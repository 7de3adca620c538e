import { describe, expect, it } from 'vitest';
import { LADDER_HUNDREDTHS, isOnLadder, nearestOnLadder, stepOdds } from './ladder';

describe('Betfair price ladder', () => {
  it('has 350 prices from 1.01 to 1000, strictly rising', () => {
    expect(LADDER_HUNDREDTHS).toHaveLength(350);
    expect(LADDER_HUNDREDTHS[0]).toBe(101);
    expect(LADDER_HUNDREDTHS.at(-1)).toBe(100000);
    for (let index = 1; index < LADDER_HUNDREDTHS.length; index += 1)
      expect(LADDER_HUNDREDTHS[index]).toBeGreaterThan(LADDER_HUNDREDTHS[index - 1] ?? 0);
  });

  it.each([
    [1.01, 1.02],
    [1.99, 2],
    [2, 2.02],
    [2.98, 3],
    [3, 3.05],
    [3.95, 4],
    [4, 4.1],
    [5.9, 6],
    [6, 6.2],
    [9.8, 10],
    [10, 10.5],
    [19.5, 20],
    [20, 21],
    [29, 30],
    [30, 32],
    [48, 50],
    [50, 55],
    [95, 100],
    [100, 110],
    [990, 1000],
  ])('one tick up from %s is %s, and back down', (from, to) => {
    expect(stepOdds(from, 1)).toBe(to);
    expect(stepOdds(to, -1)).toBe(from);
  });

  it('clamps at both ends and steps several ticks at once', () => {
    expect(stepOdds(1.01, -1)).toBe(1.01);
    expect(stepOdds(1000, 1)).toBe(1000);
    expect(stepOdds(1.98, 3)).toBe(2.02);
    expect(stepOdds(2.1, -10)).toBe(1.95);
  });

  it('steps from a price between two ticks to the tick in the direction of travel', () => {
    expect(stepOdds(2.01, 1)).toBe(2.02);
    expect(stepOdds(2.01, -1)).toBe(2);
    expect(stepOdds(4.25, 1)).toBe(4.3);
    expect(stepOdds(4.25, -1)).toBe(4.2);
  });

  it('knows which prices are on the ladder and snaps the others to the nearest', () => {
    expect(isOnLadder(1.57)).toBe(true);
    expect(isOnLadder(2.01)).toBe(false);
    expect(isOnLadder(3.05)).toBe(true);
    expect(isOnLadder(3.06)).toBe(false);
    expect(isOnLadder(1000)).toBe(true);
    expect(isOnLadder(1.005)).toBe(false);
    expect(nearestOnLadder(2.01)).toBe(2.02);
    expect(nearestOnLadder(3.06)).toBe(3.05);
    expect(nearestOnLadder(0.5)).toBe(1.01);
    expect(nearestOnLadder(5000)).toBe(1000);
    expect(nearestOnLadder(17.3)).toBe(17.5);
  });
});
