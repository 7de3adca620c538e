import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ANDAR_BAHAR_CONFIG,
  DEFAULT_DRAGON_TIGER_CONFIG,
  andarBaharTheory,
  cardLabel,
  cardRank,
  cardSuit,
  dealAndarBahar,
  dealCards,
  dealDragonTiger,
  dragonTigerBetKinds,
  dragonTigerTheory,
  ratio,
  ratiosEqual,
  settleAndarBahar,
  settleDragonTiger,
  shuffledShoe,
  validateAndarBaharConfig,
  validateDragonTigerConfig,
  type AndarBaharResult,
  type DragonTigerBetKind,
  type DragonTigerConfig,
  type DragonTigerResult,
} from './index.js';
import { seedsArb } from './testing/arbitraries.js';

const VECTOR = { serverSeed: `${'0'.repeat(63)}1`, clientSeed: 'khel', nonce: 0 };
const card = (label: string): number => {
  const rank = 'A23456789TJQK'.indexOf(label[0] as string);
  const suit = 'SHDC'.indexOf(label[1] as string);
  return rank * 4 + suit;
};

describe('CARD-1/CARD-2 cards and shoes', () => {
  it.each([
    [0, 'AS', 1, 'spades'],
    [5, '2H', 2, 'hearts'],
    [38, 'TD', 10, 'diamonds'],
    [51, 'KC', 13, 'clubs'],
  ])('CARD-1 card %s is %s', (c, label, rank, suit) => {
    expect(cardLabel(c)).toBe(label);
    expect(cardRank(c)).toBe(rank);
    expect(cardSuit(c)).toBe(suit);
  });

  it('CARD-2 a shoe of d decks holds every card d times; dealt cards are the top of the shuffled shoe', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 8 }), fc.nat(30), (seeds, decks, k) => {
        const shoe = shuffledShoe(seeds, decks);
        const counts = new Array<number>(52).fill(0);
        for (const c of shoe) counts[c] = (counts[c] as number) + 1;
        expect(counts.every((n) => n === decks)).toBe(true);
        expect(dealCards(seeds, decks, k)).toEqual(shoe.slice(0, k));
      }),
      { seed: 301, numRuns: 100 },
    );
  });
});

const dt = (dragon: string, tiger: string): DragonTigerResult => dealOf(card(dragon), card(tiger));
function dealOf(dragonCard: number, tigerCard: number): DragonTigerResult {
  const d = cardRank(dragonCard);
  const t = cardRank(tigerCard);
  return {
    dragonCard,
    tigerCard,
    winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie',
    suitedTie: dragonCard === tigerCard,
  };
}
const EIGHT_DECKS: DragonTigerConfig = { ...DEFAULT_DRAGON_TIGER_CONFIG, decks: 8, suitedTieProfitHundredths: 5_000 };

describe('DT-1..DT-3 Dragon Tiger rules and settlement', () => {
  it('DT-2 the vector round: Dragon gets the first card of the shoe, Tiger the second', () => {
    const result = dealDragonTiger(DEFAULT_DRAGON_TIGER_CONFIG, VECTOR);
    expect([cardLabel(result.dragonCard), cardLabel(result.tigerCard), result.winner]).toEqual(['AD', 'QS', 'tiger']);
    expect([result.dragonCard, result.tigerCard]).toEqual(shuffledShoe(VECTOR, 1).slice(0, 2));
  });

  it.each<[string, DragonTigerResult, DragonTigerBetKind, number, number]>([
    // name, result, bet, stake, payout (stake included)
    ['Dragon wins 1:1', dt('KS', 'QH'), 'dragon', 10_000, 20_000],
    ['Tiger loses to a higher Dragon', dt('KS', 'QH'), 'tiger', 10_000, 0],
    ['ace is low', dt('AS', '2H'), 'tiger', 10_000, 20_000],
    ['suits do not rank', dt('7S', '7C'), 'dragon', 10_000, 5_000],
    ['on a tie Tiger gets half back', dt('7S', '7C'), 'tiger', 10_000, 5_000],
    ['half of an odd stake is rounded down', dt('7S', '7C'), 'dragon', 101, 50],
    ['Tie pays 11:1', dt('7S', '7C'), 'tie', 10_000, 120_000],
    ['Tie loses when the ranks differ', dt('7S', '8C'), 'tie', 10_000, 0],
  ])('DT-3 %s', (_name, result, kind, stake, payout) => {
    expect(settleDragonTiger(DEFAULT_DRAGON_TIGER_CONFIG, result, [{ betId: 'b', kind, stakePaise: stake }])).toEqual([
      { betId: 'b', kind, stakePaise: stake, payoutPaise: payout },
    ]);
  });

  it.each<[string, DragonTigerResult, DragonTigerBetKind, number]>([
    ['suited tie pays 50:1', dt('7S', '7S'), 'suited_tie', 510_000],
    ['a suited tie is also a tie', dt('7S', '7S'), 'tie', 120_000],
    ['an unsuited tie loses the suited-tie bet', dt('7S', '7H'), 'suited_tie', 0],
  ])('DT-3 eight decks: %s', (_name, result, kind, payout) => {
    expect(settleDragonTiger(EIGHT_DECKS, result, [{ betId: 'b', kind, stakePaise: 10_000 }])[0]?.payoutPaise).toBe(
      payout,
    );
  });

  it.each<[string, Partial<DragonTigerConfig>, string[]]>([
    ['the default', {}, []],
    ['no decks', { decks: 0 }, ['DECKS_OUT_OF_RANGE']],
    ['a tie return above the stake', { mainTieReturnHundredths: 101 }, ['BAD_MAIN_TIE_RETURN']],
    [
      'suited tie with one deck (it can never happen)',
      { suitedTieProfitHundredths: 5_000 },
      ['SUITED_TIE_NEEDS_TWO_DECKS'],
    ],
    ['a fractional profit', { tieProfitHundredths: 1.5 }, ['BAD_TIE_PROFIT']],
  ])('DT-1 config: %s', (_name, patch, problems) =>
    expect(validateDragonTigerConfig({ ...DEFAULT_DRAGON_TIGER_CONFIG, ...patch })).toEqual(problems),
  );

  it('DT-2 suited tie is offered only when configured', () => {
    expect(dragonTigerBetKinds(DEFAULT_DRAGON_TIGER_CONFIG)).toEqual(['dragon', 'tiger', 'tie']);
    expect(dragonTigerBetKinds(EIGHT_DECKS)).toEqual(['dragon', 'tiger', 'tie', 'suited_tie']);
  });

  it('DT-4 every round has one winner and payouts are whole, non-negative and at most stake × the best return', () => {
    fc.assert(
      fc.property(
        seedsArb,
        fc.constantFrom(DEFAULT_DRAGON_TIGER_CONFIG, EIGHT_DECKS),
        fc.integer({ min: 1, max: 10_000_000 }),
        (seeds, config, stake) => {
          const result = dealDragonTiger(config, seeds);
          expect(result).toEqual(dealOf(result.dragonCard, result.tigerCard));
          if (config.decks === 1) expect(result.dragonCard).not.toBe(result.tigerCard);
          const bets = dragonTigerBetKinds(config).map((kind) => ({ betId: kind, kind, stakePaise: stake }));
          for (const p of settleDragonTiger(config, result, bets)) {
            expect(Number.isSafeInteger(p.payoutPaise) && p.payoutPaise >= 0 && p.payoutPaise <= stake * 51).toBe(true);
          }
        },
      ),
      { seed: 302, numRuns: 300 },
    );
  });
});

describe('DT-5 exact Dragon Tiger theory', () => {
  it('DT-5 one deck: Dragon 24/51, Tiger 24/51, Tie 3/51; Dragon RTP 33/34, Tie RTP 12/17', () => {
    const t = dragonTigerTheory(DEFAULT_DRAGON_TIGER_CONFIG);
    expect(t.outcomes.dragon).toEqual(ratio(24n, 51n));
    expect(t.outcomes.tiger).toEqual(ratio(24n, 51n));
    expect(t.outcomes.tie).toEqual(ratio(3n, 51n));
    expect(t.outcomes.suitedTie).toEqual(ratio(0n, 1n));
    expect(t.bets.dragon?.rtp).toEqual(ratio(33n, 34n));
    expect(t.bets.tiger?.rtp).toEqual(ratio(33n, 34n));
    expect(t.bets.tie?.rtp).toEqual(ratio(12n, 17n));
    expect(t.bets.suited_tie).toBeUndefined();
    // E[return²] for Dragon: 4 × 24/51 + 0.25 × 3/51.
    expect(t.bets.dragon?.secondMoment).toEqual(ratio(4n * 24n * 4n + 3n, 4n * 51n));
  });

  it.each([1, 2, 4, 6, 8])(
    'DT-5 %s decks: the enumeration agrees with the closed forms (4d−1)/(52d−1) and (d−1)/(52d−1)',
    (decks) => {
      const d = BigInt(decks);
      const t = dragonTigerTheory({ ...EIGHT_DECKS, decks, suitedTieProfitHundredths: decks > 1 ? 5_000 : null });
      expect(ratiosEqual(t.outcomes.tie, ratio(4n * d - 1n, 52n * d - 1n))).toBe(true);
      expect(ratiosEqual(t.outcomes.suitedTie, ratio(d - 1n, 52n * d - 1n))).toBe(true);
      expect(ratiosEqual(t.outcomes.dragon, t.outcomes.tiger)).toBe(true);
    },
  );
});

const ab = (joker: string, andar: string[], bahar: string[], winner: 'andar' | 'bahar'): AndarBaharResult => ({
  joker: card(joker),
  andarCards: andar.map(card),
  baharCards: bahar.map(card),
  winner,
});

describe('AB-1..AB-3 Andar Bahar', () => {
  it('AB-1 the vector round: joker first, then Andar, Bahar, Andar, … until the joker’s rank', () => {
    const result = dealAndarBahar(DEFAULT_ANDAR_BAHAR_CONFIG, VECTOR);
    expect(cardLabel(result.joker)).toBe('AD');
    expect(result.winner).toBe('bahar');
    expect(result.baharCards.map(cardLabel).at(-1)).toBe('AS');
    const sequence = [result.joker];
    result.baharCards.forEach((b, i) => sequence.push(result.andarCards[i] as number, b));
    expect(sequence).toEqual(shuffledShoe(VECTOR, 1).slice(0, sequence.length));
  });

  it('AB-1 properties: alternation, only the last card matches, dealt cards are the top of the shoe', () => {
    fc.assert(
      fc.property(
        seedsArb,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('andar' as const, 'bahar' as const),
        (seeds, decks, firstSide) => {
          const config = { ...DEFAULT_ANDAR_BAHAR_CONFIG, decks, firstSide };
          const r = dealAndarBahar(config, seeds);
          const first = firstSide === 'andar' ? r.andarCards : r.baharCards;
          const second = firstSide === 'andar' ? r.baharCards : r.andarCards;
          expect(first.length - second.length).toBeGreaterThanOrEqual(0);
          expect(first.length - second.length).toBeLessThanOrEqual(1);
          const sequence = [r.joker];
          for (let i = 0; i < first.length; i += 1) {
            sequence.push(first[i] as number);
            if (i < second.length) sequence.push(second[i] as number);
          }
          const matches = sequence.slice(1).map((c) => cardRank(c) === cardRank(r.joker));
          expect(matches.indexOf(true)).toBe(matches.length - 1);
          expect(r.winner).toBe(sequence.length % 2 === 0 ? firstSide : firstSide === 'andar' ? 'bahar' : 'andar');
          expect(sequence).toEqual(shuffledShoe(seeds, decks).slice(0, sequence.length));
        },
      ),
      { seed: 303, numRuns: 200 },
    );
  });

  it.each<[string, AndarBaharResult, 'andar' | 'bahar', number, number]>([
    ['Andar wins 0.9:1', ab('5S', ['5H'], [], 'andar'), 'andar', 10_000, 19_000],
    ['Bahar wins 1:1', ab('5S', ['2H'], ['5D'], 'bahar'), 'bahar', 10_000, 20_000],
    ['the losing side gets nothing', ab('5S', ['5H'], [], 'andar'), 'bahar', 10_000, 0],
    ['0.9 of an odd stake is rounded down', ab('5S', ['5H'], [], 'andar'), 'andar', 15, 28],
  ])('AB-2 %s', (_name, result, kind, stake, payout) => {
    expect(
      settleAndarBahar(DEFAULT_ANDAR_BAHAR_CONFIG, result, [{ betId: 'b', kind, stakePaise: stake }])[0]?.payoutPaise,
    ).toBe(payout);
  });

  it('AB-1 config checks', () => {
    expect(validateAndarBaharConfig(DEFAULT_ANDAR_BAHAR_CONFIG)).toEqual([]);
    expect(validateAndarBaharConfig({ ...DEFAULT_ANDAR_BAHAR_CONFIG, decks: 9, andarProfitHundredths: -1 })).toEqual([
      'DECKS_OUT_OF_RANGE',
      'BAD_PROFIT',
    ]);
  });

  it.each([1, 2, 8])(
    'AB-3 %s decks: the deciding-card distribution equals a step-by-step product and sums to 1',
    (decks) => {
      const theory = andarBaharTheory({ ...DEFAULT_ANDAR_BAHAR_CONFIG, decks });
      const n = BigInt(52 * decks - 1);
      const m = BigInt(4 * decks - 1);
      // P(first match at k) = Π_{i<k} (n − m − i)/(n − i) × m/(n − k), written independently of the binomials.
      let num = 1n;
      let den = 1n;
      let sumNum = 0n;
      let sumDen = 1n;
      let andarNum = 0n;
      let andarDen = 1n;
      theory.decidingCardProbabilities.forEach((p, k) => {
        const K = BigInt(k);
        const pk = ratio(num * m, den * (n - K));
        expect(ratiosEqual(p, pk)).toBe(true);
        [sumNum, sumDen] = [sumNum * pk.denominator + pk.numerator * sumDen, sumDen * pk.denominator];
        if (k % 2 === 0)
          [andarNum, andarDen] = [andarNum * pk.denominator + pk.numerator * andarDen, andarDen * pk.denominator];
        num *= n - m - K;
        den *= n - K;
      });
      expect(sumNum).toBe(sumDen);
      expect(ratiosEqual(theory.outcomes.andar, ratio(andarNum, andarDen))).toBe(true);
    },
  );

  it('AB-3 one deck, Andar first: P(Andar) ≈ 51.5 %, RTP Andar ≈ 97.85 %, Bahar ≈ 97.00 %', () => {
    const t = andarBaharTheory(DEFAULT_ANDAR_BAHAR_CONFIG);
    const num = (r: { numerator: bigint; denominator: bigint }): number => Number(r.numerator) / Number(r.denominator);
    expect(num(t.outcomes.andar)).toBeCloseTo(0.515006, 6);
    expect(num(t.bets.andar.rtp)).toBeCloseTo(0.978511, 6);
    expect(num(t.bets.bahar.rtp)).toBeCloseTo(0.969988, 6);
  });
});
