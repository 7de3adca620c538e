import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isOnLadder as isLadderPrice } from '@khel/money';
import {
  DEFAULT_EXCHANGE_QUOTE,
  bookmakerRates,
  createRng,
  exchangeQuote,
  fairOddsHundredths,
  houseOffers,
  normalise,
} from './index.js';

describe('PRICE-2 / PRICE-3 fair odds', () => {
  it.each([
    [0.5, 200],
    [0.25, 400],
    [0.7, 143],
    [0.999, 101],
    [0.0001, 100_000],
    [0, 100_000],
    [1, 101],
  ])('PRICE-2 p = %f → %i hundredths', (p, odds) => {
    expect(fairOddsHundredths(p)).toBe(odds);
  });

  it('PRICE-3 normalise sums to 1 and splits evenly when all weights are 0', () => {
    expect(normalise([1, 1, 2])).toEqual([0.25, 0.25, 0.5]);
    expect(normalise([0, 0])).toEqual([0.5, 0.5]);
    expect(normalise([3, -1])).toEqual([1, 0]);
  });
});

describe('QUOTE-1 exchange liquidity', () => {
  it.each([
    // p, best back, best lay (default spread of 2 ticks)
    [0.5, 199, 202],
    [0.7, 142, 144],
    [0.25, 395, 410],
    [0.02, 4800, 5500],
  ])('QUOTE-1 p = %f: best back %i, best lay %i', (p, back, lay) => {
    const q = exchangeQuote(p, createRng(1));
    expect(q.availableToBack[0]?.priceHundredths).toBe(back);
    expect(q.availableToLay[0]?.priceHundredths).toBe(lay);
    expect(q.availableToBack).toHaveLength(3);
    expect(q.availableToLay).toHaveLength(3);
  });

  it('QUOTE-1 a spread of one tick puts the best back at the fair price when it is on the ladder', () => {
    const q = exchangeQuote(0.5, createRng(1), { ...DEFAULT_EXCHANGE_QUOTE, spreadTicks: 1 });
    expect(q.availableToBack.map((l) => l.priceHundredths)).toEqual([200, 199, 198]);
    expect(q.availableToLay.map((l) => l.priceHundredths)).toEqual([202, 204, 206]);
  });

  it('QUOTE-1 at the ends of the ladder the levels that would leave it are left out', () => {
    expect(exchangeQuote(0.999, createRng(1)).availableToBack).toEqual([]);
    expect(exchangeQuote(0.0005, createRng(1)).availableToLay).toEqual([]);
  });

  it('QUOTE-1 properties: ladder prices, best back ≤ fair ≤ best lay, back < lay, levels step outwards, whole-step sizes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.995, noNaN: true }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (p, spreadTicks, seed) => {
          const q = exchangeQuote(p, createRng(seed), { ...DEFAULT_EXCHANGE_QUOTE, spreadTicks });
          const backs = q.availableToBack.map((l) => l.priceHundredths);
          const lays = q.availableToLay.map((l) => l.priceHundredths);
          for (const price of [...backs, ...lays]) expect(isLadderPrice(price)).toBe(true);
          for (let i = 1; i < backs.length; i++) expect(backs[i]).toBeLessThan(backs[i - 1] as number);
          for (let i = 1; i < lays.length; i++) expect(lays[i]).toBeGreaterThan(lays[i - 1] as number);
          const fair = 100 / p;
          if (backs[0] !== undefined) expect(backs[0]).toBeLessThanOrEqual(fair + 1e-9);
          if (lays[0] !== undefined) expect(lays[0]).toBeGreaterThanOrEqual(fair - 1e-9);
          if (backs[0] !== undefined && lays[0] !== undefined) expect(backs[0]).toBeLessThan(lays[0]);
          for (const l of [...q.availableToBack, ...q.availableToLay]) {
            expect(l.sizePaise % DEFAULT_EXCHANGE_QUOTE.sizeStepPaise).toBe(0);
            expect(l.sizePaise).toBeGreaterThan(0);
          }
        },
      ),
      { seed: 41, numRuns: 1000 },
    );
  });

  it('QUOTE-4 over all runners Σ 1/best back ≥ 1 ≥ Σ 1/best lay (no arbitrage against the house)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 2, maxLength: 3 }),
        (weights) => {
          const probabilities = normalise(weights);
          fc.pre(probabilities.every((p) => p > 0.002 && p < 0.99));
          const quotes = probabilities.map((p) => exchangeQuote(p, createRng(1)));
          const sumBack = quotes.reduce((a, q) => a + 100 / (q.availableToBack[0]?.priceHundredths ?? 100), 0);
          const sumLay = quotes.reduce(
            (a, q) => a + 100 / (q.availableToLay[0]?.priceHundredths ?? Number.POSITIVE_INFINITY),
            0,
          );
          expect(sumBack).toBeGreaterThanOrEqual(1 - 1e-9);
          expect(sumLay).toBeLessThanOrEqual(1 + 1e-9);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('QUOTE-2 house offers', () => {
  it('QUOTE-2 a price to back at is a house lay, a price to lay at is a house back, in the backer stake', () => {
    const q = {
      fairProbability: 0.5,
      fairOddsHundredths: 200,
      availableToBack: [{ priceHundredths: 198, sizePaise: 10_000 }],
      availableToLay: [{ priceHundredths: 202, sizePaise: 20_000 }],
    };
    expect(houseOffers(q)).toEqual([
      { side: 'lay', priceHundredths: 198, stakePaise: 10_000 },
      { side: 'back', priceHundredths: 202, stakePaise: 20_000 },
    ]);
  });
});

describe('QUOTE-3 bookmaker rates', () => {
  it.each([
    // p, back rate, lay rate (hundredths)
    [0.5, 9800, 10200, 1900],
    [0.7, 4200, 4400, 1900],
    [0.3, 22800, null, 230],
    [0.3, 22800, 23800, 5000],
    [0.995, null, 100, 1900],
    [0.02, null, null, 1900],
  ] as const)('QUOTE-3 p = %f → back %s, lay %s (max rate %i)', (p, back, lay, maxRate) => {
    expect(bookmakerRates(p, { marginProbability: 0.004, maxRate })).toEqual({
      backRateHundredths: back,
      layRateHundredths: lay,
    });
  });

  it('QUOTE-3 whole rates with back < fair < lay for any probability', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0.001, max: 0.05, noNaN: true }),
        (p, margin) => {
          const r = bookmakerRates(p, { marginProbability: margin, maxRate: 10_000 });
          const fair = (1 / p - 1) * 100;
          if (r.backRateHundredths !== null) {
            expect(r.backRateHundredths % 100).toBe(0);
            expect(r.backRateHundredths / 100).toBeLessThan(fair);
          }
          if (r.layRateHundredths !== null) {
            expect(r.layRateHundredths % 100).toBe(0);
            expect(r.layRateHundredths / 100).toBeGreaterThan(fair);
          }
        },
      ),
      { seed: 43, numRuns: 1000 },
    );
  });
});
