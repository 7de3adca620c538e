import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SLOT_CONFIG,
  TWENTY_PAYLINES,
  checkSlotStake,
  evaluateSlotStops,
  ratioToNumber,
  slotTheory,
  spinSlot,
  theoreticalRtp,
  validateSlotConfig,
  type SlotConfig,
  type SlotSymbol,
} from './index.js';
import { seedsArb } from './testing/arbitraries.js';

const sym = (id: string, kind: SlotSymbol['kind'], pays: number[]): SlotSymbol => ({
  id,
  name: id,
  kind,
  payByCountHundredths: pays,
});
const SYMBOLS: SlotSymbol[] = [
  sym('10', 'regular', [0, 0, 0, 500, 2_000, 10_000]),
  sym('A', 'regular', [0, 0, 0, 1_000, 5_000, 20_000]),
  sym('P', 'regular', [0, 0, 0, 2_000, 10_000, 40_000]),
  sym('W', 'wild', [0, 0, 0, 10_000, 50_000, 250_000]),
  sym('S', 'scatter', [0, 0, 0, 200, 1_000, 5_000]),
  sym('x', 'regular', [0, 0, 0, 0, 0, 0]),
  sym('y', 'regular', [0, 0, 0, 0, 0, 0]),
];

/** A config whose strips are exactly the given columns, so stops [0,0,0,0,0] show this grid. */
function configShowing(columns: string[][]): SlotConfig {
  return { id: 'grid', name: 'grid', rows: 3, symbols: SYMBOLS, reels: columns, paylines: TWENTY_PAYLINES };
}
/** Middle row as given; top row x, bottom row y everywhere, which pay nothing and break lines. */
const middle = (...row: string[]): string[][] => row.map((s) => ['x', s, 'y']);

describe('SLOT-4..SLOT-6 payline evaluation (stake ₹20 over 20 lines: ₹1 a line)', () => {
  it.each<[string, string[], { symbol: string; count: number; payoutPaise: number } | null]>([
    ['three of a kind from the left', ['A', 'A', 'A', '10', 'P'], { symbol: 'A', count: 3, payoutPaise: 1_000 }],
    ['a wild substitutes inside the run', ['A', 'W', 'A', 'A', '10'], { symbol: 'A', count: 4, payoutPaise: 5_000 }],
    [
      'wilds lead, the symbol reading pays more',
      ['W', 'W', 'W', 'A', 'A'],
      { symbol: 'A', count: 5, payoutPaise: 20_000 },
    ],
    [
      'wilds lead, the wild reading pays more',
      ['W', 'W', 'W', '10', 'A'],
      { symbol: 'W', count: 3, payoutPaise: 10_000 },
    ],
    [
      'a tie between the readings goes to the regular symbol',
      ['W', 'W', 'W', 'P', 'A'],
      { symbol: 'P', count: 4, payoutPaise: 10_000 },
    ],
    ['five wilds', ['W', 'W', 'W', 'W', 'W'], { symbol: 'W', count: 5, payoutPaise: 250_000 }],
    ['runs count from the leftmost reel only', ['10', 'A', 'A', 'A', 'A'], null],
    ['a scatter breaks a line (wilds never stand in for it)', ['A', 'A', 'S', 'A', 'A'], null],
    ['two of a kind pays nothing here', ['P', 'P', 'A', '10', '10'], null],
    ['a zero-pay symbol never wins', ['x', 'x', 'x', 'x', 'x'], null],
  ])('SLOT-4 %s', (_name, row, expected) => {
    const spin = evaluateSlotStops(configShowing(middle(...row)), [0, 0, 0, 0, 0], 2_000);
    const lineZero = spin.lineWins.find((w) => w.lineIndex === 0) ?? null;
    expect(
      lineZero === null ? null : { symbol: lineZero.symbol, count: lineZero.count, payoutPaise: lineZero.payoutPaise },
    ).toEqual(expected);
  });

  it('SLOT-5 the line pay is stake × multiplier / (100 × lines), rounded down', () => {
    const config = configShowing(middle('A', 'A', 'A', '10', 'P'));
    expect(evaluateSlotStops(config, [0, 0, 0, 0, 0], 1_999).lineWins[0]?.payoutPaise).toBe(999); // 999.5
    expect(evaluateSlotStops(config, [0, 0, 0, 0, 0], 10).lineWins[0]?.payoutPaise).toBe(5);
    expect(evaluateSlotStops(config, [0, 0, 0, 0, 0], 1).lineWins[0]?.payoutPaise).toBe(0); // a win worth 0.5 paise
  });

  it('SLOT-6 scatters pay the total stake anywhere in the window, on top of the lines', () => {
    const config = configShowing([
      ['S', 'A', 'y'],
      ['x', 'A', 'S'],
      ['x', 'A', 'y'],
      ['S', 'x', 'y'],
      ['x', 'P', 'y'],
    ]);
    const spin = evaluateSlotStops(config, [0, 0, 0, 0, 0], 2_000);
    expect(spin.scatterWin).toEqual({ symbol: 'S', count: 3, multiplierHundredths: 200, payoutPaise: 4_000 });
    expect(spin.lineWins.find((w) => w.lineIndex === 0)?.payoutPaise).toBe(1_000);
    expect(spin.totalPayoutPaise).toBe(spin.lineWins.reduce((a, w) => a + w.payoutPaise, 0) + 4_000);
    expect(spin.grid).toEqual([
      ['S', 'A', 'y'],
      ['x', 'A', 'S'],
      ['x', 'A', 'y'],
      ['S', 'x', 'y'],
      ['x', 'P', 'y'],
    ]);
  });

  it('SLOT-2 stop s shows strip[s], strip[s+1], strip[s+2], wrapping', () => {
    const config: SlotConfig = {
      ...configShowing(middle('A', 'A', 'A', 'A', 'A')),
      reels: Array.from({ length: 5 }, () => ['10', 'A', 'P', 'W']),
    };
    expect(evaluateSlotStops(config, [0, 1, 2, 3, 3], 2_000).grid).toEqual([
      ['10', 'A', 'P'],
      ['A', 'P', 'W'],
      ['P', 'W', '10'],
      ['W', '10', 'A'],
      ['W', '10', 'A'],
    ]);
  });
});

describe('SLOT-1/SLOT-3 configuration and stake checks', () => {
  const good = DEFAULT_SLOT_CONFIG;
  it.each<[string, SlotConfig, string[]]>([
    ['the shipped config', good, []],
    ['two rows but a line on row 2', { ...good, rows: 2 }, ['BAD_PAYLINE']],
    ['no rows', { ...good, rows: 0 }, ['ROWS_OUT_OF_RANGE', 'BAD_PAYLINE']],
    [
      'a strip names an unknown symbol',
      { ...good, reels: [...good.reels.slice(0, 4), ['NOPE']] },
      ['UNKNOWN_SYMBOL_ON_REEL'],
    ],
    ['an empty strip', { ...good, reels: [...good.reels.slice(0, 4), []] }, ['EMPTY_REEL']],
    [
      'a paytable of the wrong length',
      { ...good, symbols: [...good.symbols.slice(1), sym('10', 'regular', [0, 0, 500])] },
      ['BAD_PAYTABLE'],
    ],
    [
      'a negative pay',
      { ...good, symbols: [...good.symbols.slice(1), sym('10', 'regular', [0, 0, 0, -1, 0, 0])] },
      ['BAD_PAYTABLE'],
    ],
    [
      'a duplicate symbol id and two wilds',
      { ...good, symbols: [...good.symbols, sym('WILD', 'wild', [0, 0, 0, 0, 0, 0])] },
      ['DUPLICATE_SYMBOL', 'MORE_THAN_ONE_WILD'],
    ],
    ['no paylines', { ...good, paylines: [] }, ['NO_PAYLINES']],
  ])('SLOT-1 %s', (_name, config, problems) => expect(validateSlotConfig(config)).toEqual(problems));

  it('SLOT-1 an invalid config is refused when played (a caller bug)', () => {
    expect(() => evaluateSlotStops({ ...good, paylines: [] }, [0, 0, 0, 0, 0], 100)).toThrow(/NO_PAYLINES/);
  });

  it.each<[number, string | null]>([
    [100, null],
    [0, 'INVALID_STAKE'],
    [1.5, 'INVALID_STAKE'],
    [1e9, 'INVALID_STAKE'],
    [99, 'BELOW_MIN_STAKE'],
    [50_001, 'ABOVE_MAX_STAKE'],
  ])('SLOT-3 stake %s → %s', (stake, reason) =>
    expect(checkSlotStake(stake, { minStakePaise: 100, maxStakePaise: 50_000 })).toBe(reason),
  );
});

/** Every stop combination, evaluated by the real evaluator: the brute force the theory must equal. */
function bruteForce(
  config: SlotConfig,
  stakePaise: number,
): { total: bigint; combos: bigint; lineZero: Map<string, bigint>; perLine: Map<string, bigint>[] } {
  const lengths = config.reels.map((r) => r.length);
  const stops = lengths.map(() => 0);
  let total = 0n;
  let combos = 0n;
  const lineZero = new Map<string, bigint>();
  const perLine = config.paylines.map(() => new Map<string, bigint>());
  for (;;) {
    const spin = evaluateSlotStops(config, stops, stakePaise);
    total += BigInt(spin.totalPayoutPaise);
    combos += 1n;
    for (const w of spin.lineWins) {
      const key = `${w.symbol}:${w.count}`;
      const m = perLine[w.lineIndex] as Map<string, bigint>;
      m.set(key, (m.get(key) ?? 0n) + 1n);
      if (w.lineIndex === 0) lineZero.set(key, (lineZero.get(key) ?? 0n) + 1n);
    }
    let r = 0;
    while (r < stops.length && (stops[r] = ((stops[r] as number) + 1) % (lengths[r] as number)) === 0) r += 1;
    if (r === stops.length) break;
  }
  return { total, combos, lineZero, perLine };
}

const smallConfigArb: fc.Arbitrary<SlotConfig> = fc
  .record({
    rows: fc.integer({ min: 1, max: 3 }),
    strips: fc.array(fc.array(fc.constantFrom('10', 'A', 'P', 'W', 'S'), { minLength: 1, maxLength: 4 }), {
      minLength: 5,
      maxLength: 5,
    }),
    pays: fc.array(fc.array(fc.nat(3_000), { minLength: 6, maxLength: 6 }), { minLength: 5, maxLength: 5 }),
    lines: fc.array(fc.array(fc.nat(2), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
  })
  .map(({ rows, strips, pays, lines }) => ({
    id: 'small',
    name: 'small',
    rows,
    symbols: ['10', 'A', 'P', 'W', 'S'].map((id, i) =>
      sym(id, id === 'W' ? 'wild' : id === 'S' ? 'scatter' : 'regular', pays[i] as number[]),
    ),
    reels: strips,
    paylines: lines.map((l) => l.map((row) => row % rows)),
  }));

describe('SLOT-7/SLOT-8 exact theory equals full enumeration of the real evaluator', () => {
  it('SLOT-8 a hand-made config: RTP and line-outcome probabilities are exactly the enumeration’s', () => {
    const config: SlotConfig = {
      id: 'hand',
      name: 'hand',
      rows: 3,
      symbols: SYMBOLS.slice(0, 5),
      reels: [
        ['10', 'A', 'P', '10', 'S', 'A'],
        ['W', 'A', '10', 'P', '10', 'A'],
        ['10', 'W', 'A', 'S', 'P', '10'],
        ['A', '10', 'W', 'P', 'A', 'S'],
        ['P', 'A', '10', '10', 'W', 'S'],
      ],
      paylines: TWENTY_PAYLINES,
    };
    const theory = slotTheory(config);
    // Stake ₹20 over 20 lines: every pay is a whole number of paise, so nothing is lost to rounding.
    const brute = bruteForce(config, 2_000);
    expect(theory.cycle).toBe(brute.combos);
    expect(brute.total * theory.rtp.denominator).toBe(theory.rtp.numerator * brute.combos * 2_000n);
    for (const o of theory.lineOutcomes) {
      expect(((brute.lineZero.get(`${o.symbol}:${o.count}`) ?? 0n) * o.probability.denominator) / brute.combos).toBe(
        o.probability.numerator,
      );
    }
    // SLOT-7: every line has the same outcome distribution as line 0.
    for (const line of brute.perLine) expect(line).toEqual(brute.lineZero);
  });

  it('SLOT-8 random small configs (any rows, strips, paytables, lines): theory = enumeration', () => {
    fc.assert(
      fc.property(smallConfigArb, (config) => {
        fc.pre(validateSlotConfig(config).length === 0);
        const theory = slotTheory(config);
        const stake = 100 * config.paylines.length;
        const brute = bruteForce(config, stake);
        expect(brute.total * theory.rtp.denominator).toBe(theory.rtp.numerator * brute.combos * BigInt(stake));
        const won = [...brute.lineZero.values()].reduce((a, b) => a + b, 0n);
        expect((brute.combos - won) * theory.lineNoWin.denominator).toBe(theory.lineNoWin.numerator * brute.combos);
      }),
      { seed: 201, numRuns: 150 },
    );
  });
});

describe('SLOT-2..SLOT-6 properties of spinSlot', () => {
  it('SLOT-6 payouts are whole, non-negative paise and the total is the sum of the wins; the same seeds give the same spin', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 10_000_000 }), (seeds, stake) => {
        const spin = spinSlot(DEFAULT_SLOT_CONFIG, seeds, stake);
        for (const w of spin.lineWins) {
          expect(Number.isSafeInteger(w.payoutPaise) && w.payoutPaise >= 0).toBe(true);
          expect(w.payoutPaise).toBe(Math.floor((stake * w.multiplierHundredths) / 2_000));
        }
        const sum = spin.lineWins.reduce((a, w) => a + w.payoutPaise, 0) + (spin.scatterWin?.payoutPaise ?? 0);
        expect(spin.totalPayoutPaise).toBe(sum);
        expect(spin.stops.every((s, r) => s >= 0 && s < (DEFAULT_SLOT_CONFIG.reels[r] as string[]).length)).toBe(true);
        expect(spinSlot(DEFAULT_SLOT_CONFIG, seeds, stake)).toEqual(spin);
      }),
      { seed: 202, numRuns: 500 },
    );
  });
});

describe('SLOT-9 the shipped config', () => {
  it('SLOT-9 theoretical RTP is within 95.5–96.5 % (exact, by combinatorics over every stop)', () => {
    const theory = slotTheory(DEFAULT_SLOT_CONFIG);
    const rtp = theoreticalRtp(DEFAULT_SLOT_CONFIG);
    const lineHitsPerSpin = (1 - ratioToNumber(theory.lineNoWin)) * DEFAULT_SLOT_CONFIG.paylines.length;
    console.log(
      `[casino-games] ${DEFAULT_SLOT_CONFIG.name}: theoretical RTP ${(rtp * 100).toFixed(4)} % ` +
        `(lines ${(ratioToNumber(theory.lineRtp) * 100).toFixed(4)} %, scatter ${(ratioToNumber(theory.scatterRtp) * 100).toFixed(4)} %), ` +
        `cycle ${theory.cycle} stop combinations, ${lineHitsPerSpin.toFixed(3)} winning lines per spin`,
    );
    expect(rtp).toBeGreaterThanOrEqual(0.955);
    expect(rtp).toBeLessThanOrEqual(0.965);
    expect(DEFAULT_SLOT_CONFIG.paylines).toHaveLength(20);
    expect(DEFAULT_SLOT_CONFIG.reels).toHaveLength(5);
    // Plain JSON: an operator can store it and get the same game back.
    expect(JSON.parse(JSON.stringify(DEFAULT_SLOT_CONFIG))).toEqual(DEFAULT_SLOT_CONFIG);
  });
});
