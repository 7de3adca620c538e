import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMMISSION_BASIS_POINTS,
  commissionPaise,
  settleBookmakerMarket,
  settleExchangeMarket,
  settleFancyMarket,
  type ExchangeFill,
  type OwnedFancyBet,
} from './index.js';

const fill = (
  backOwnerId: string,
  layOwnerId: string,
  runnerId: string,
  priceHundredths: number,
  stakePaise: number,
  n = 1,
): ExchangeFill => ({
  runnerId,
  priceHundredths,
  stakePaise,
  backOfferId: `${backOwnerId}-b${n}`,
  layOfferId: `${layOwnerId}-l${n}`,
  backOwnerId,
  layOwnerId,
});

describe('SET-1..SET-5 exchange settlement', () => {
  it.each([
    // winner, backer gross, layer gross
    ['A', 20_000, -20_000],
    ['B', -10_000, 10_000],
  ])('SET-1 back A at 3.0 for ₹100 against a lay; %s wins', (winner, backer, layer) => {
    const settled = settleExchangeMarket(
      [fill('alice', 'bob', 'A', 300, 10_000)],
      { type: 'winner', runnerId: winner },
      0,
    );
    expect(settled.players).toEqual([
      { ownerId: 'alice', grossPaise: backer, commissionPaise: 0, netPaise: backer },
      { ownerId: 'bob', grossPaise: layer, commissionPaise: 0, netPaise: layer },
    ]);
  });

  it('SET-1 rounding: the backer wins (price − 1) × stake rounded down, and the layer pays exactly that', () => {
    const settled = settleExchangeMarket([fill('alice', 'bob', 'A', 157, 333)], { type: 'winner', runnerId: 'A' }, 0);
    expect(settled.offers).toEqual([
      { betId: 'alice-b1', ownerId: 'alice', profitLossPaise: 189 },
      { betId: 'bob-l1', ownerId: 'bob', profitLossPaise: -189 },
    ]);
  });

  it('SET-3 void returns every stake: every result is 0 and no commission', () => {
    const settled = settleExchangeMarket(
      [fill('alice', 'bob', 'A', 300, 10_000), fill('carol', 'alice', 'B', 500, 7_000, 2)],
      { type: 'void' },
    );
    expect(settled.players.map((p) => [p.ownerId, p.grossPaise, p.commissionPaise])).toEqual([
      ['alice', 0, 0],
      ['bob', 0, 0],
      ['carol', 0, 0],
    ]);
    expect(settled.commissionPaise).toBe(0);
  });

  it('SET-4 commission is on each player’s net winnings in the market, not on each winning bet', () => {
    // alice backs A at 3.0 (+20,000 if A wins) and backs B at 2.0 for ₹50 (−5,000): net +15,000.
    const fills = [fill('alice', 'bob', 'A', 300, 10_000), fill('alice', 'carol', 'B', 200, 5_000, 2)];
    const settled = settleExchangeMarket(fills, { type: 'winner', runnerId: 'A' });
    expect(DEFAULT_COMMISSION_BASIS_POINTS).toBe(200);
    expect(settled.players).toEqual([
      { ownerId: 'alice', grossPaise: 15_000, commissionPaise: 300, netPaise: 14_700 },
      { ownerId: 'bob', grossPaise: -20_000, commissionPaise: 0, netPaise: -20_000 },
      { ownerId: 'carol', grossPaise: 5_000, commissionPaise: 100, netPaise: 4_900 },
    ]);
    expect(settled.commissionPaise).toBe(400);
  });

  it.each([
    [10_000, 200, 200],
    [149, 200, 2], // 2.98 paise, rounded down
    [49, 200, 0],
    [-5_000, 200, 0],
    [0, 200, 0],
    [10_000, 500, 500],
  ])('SET-4 commission on %s at %s bp is %s (rounded down)', (net, bp, expected) =>
    expect(commissionPaise(net, bp)).toBe(expected),
  );

  it('SET-4 a commission rate outside 0..100 % is a caller bug', () => {
    expect(() => settleExchangeMarket([], { type: 'void' }, -1)).toThrow();
    expect(() => settleExchangeMarket([], { type: 'void' }, 10_001)).toThrow();
  });

  it('SET-2 gross results sum to zero', () => {
    const fills = [
      fill('a', 'b', 'A', 157, 333),
      fill('c', 'a', 'B', 1050, 12_345, 2),
      fill('b', 'c', 'C', 101, 99, 3),
    ];
    for (const runnerId of ['A', 'B', 'C']) {
      const settled = settleExchangeMarket(fills, { type: 'winner', runnerId });
      expect(settled.players.reduce((sum, p) => sum + p.grossPaise, 0)).toBe(0);
    }
  });

  it('SET-5 one row per offer, summed over its fills, sorted by offer id', () => {
    const fills = [fill('bob', 'alice', 'A', 300, 1_000), fill('bob', 'carol', 'A', 250, 1_000)];
    // Both fills belong to bob's one back offer "bob-b1".
    const settled = settleExchangeMarket(fills, { type: 'winner', runnerId: 'A' }, 0);
    expect(settled.offers).toEqual([
      { betId: 'alice-l1', ownerId: 'alice', profitLossPaise: -2_000 },
      { betId: 'bob-b1', ownerId: 'bob', profitLossPaise: 3_500 },
      { betId: 'carol-l1', ownerId: 'carol', profitLossPaise: -1_500 },
    ]);
  });
});

describe('SET-6 bookmaker settlement', () => {
  const bets = [
    { betId: 'x1', ownerId: 'alice', runnerId: 'IND', side: 'back' as const, rateHundredths: 4500, stakePaise: 10_000 },
    { betId: 'x2', ownerId: 'bob', runnerId: 'IND', side: 'lay' as const, rateHundredths: 4750, stakePaise: 333 },
  ];
  it.each([
    ['IND wins', { type: 'winner' as const, runnerId: 'IND' }, 4_500, -159, -4_341],
    ['AUS wins', { type: 'winner' as const, runnerId: 'AUS' }, -10_000, 333, 9_667],
    ['void', { type: 'void' as const }, 0, 0, 0],
  ])('SET-6 %s: no commission, the house takes the other side', (_name, result, alice, bob, house) => {
    const settled = settleBookmakerMarket(bets, result);
    expect(settled.players.map((p) => [p.ownerId, p.netPaise, p.commissionPaise])).toEqual([
      ['alice', alice, 0],
      ['bob', bob, 0],
    ]);
    expect(settled.housePaise).toBe(house);
  });
});

describe('SET-7 fancy settlement', () => {
  const bets: OwnedFancyBet[] = [
    { betId: 'f1', ownerId: 'alice', side: 'no', lineRuns: 61, rateHundredths: 10_000, stakePaise: 10_000 },
    { betId: 'f2', ownerId: 'bob', side: 'yes', lineRuns: 63, rateHundredths: 9_000, stakePaise: 10_000 },
    { betId: 'f3', ownerId: 'carol', side: 'no', lineRuns: 61, rateHundredths: 11_000, stakePaise: 10_000 },
  ];
  it.each([
    // total, alice (NO 61 @100), bob (YES 63 @90), carol (NO 61 @110)
    [60, 10_000, -10_000, 10_000],
    [61, -10_000, -10_000, -11_000],
    [62, -10_000, -10_000, -11_000],
    [63, -10_000, 9_000, -11_000],
    [200, -10_000, 9_000, -11_000],
    [0, 10_000, -10_000, 10_000],
  ])('SET-7 FAN-3 a total of %s runs', (totalRuns, alice, bob, carol) => {
    const settled = settleFancyMarket(bets, { type: 'runs', totalRuns });
    expect(settled.bets.map((b) => b.profitLossPaise)).toEqual([alice, bob, carol]);
    expect(settled.housePaise).toBe(-(alice + bob + carol));
  });

  it('SET-3 a void fancy market returns every stake', () => {
    const settled = settleFancyMarket(bets, { type: 'void' });
    expect(settled.bets.every((b) => b.profitLossPaise === 0)).toBe(true);
    expect(settled.housePaise).toBe(0);
  });
});
