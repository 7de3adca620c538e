/**
 * STAT-1..STAT-4 for the slot: a million spins of the real spinSlot (the same seeds → HMAC stream →
 * stops → paytable path the server uses) with fixed seeds, checked against the exact theory.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_CONFIG,
  hashServerSeed,
  ratioToNumber,
  slotTheory,
  spinSlot,
  type SlotConfig,
  type SlotTheory,
} from './index.js';
import {
  Moments,
  Z,
  checkFrequencies,
  checkMean,
  chiSquareCritical,
  describeChiSquare,
  describeMean,
  type ChiSquareCheck,
  type MeanCheck,
} from './testing/statistics.js';

const SPINS = 1_000_000;
const CONTROL_SPINS = 250_000;
/** ₹20 over 20 lines: ₹1 a line, so every pay is a whole number of paise and nothing is lost to rounding. */
const STAKE_PAISE = 2_000;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: slot');
/** Symbols whose all-line hit counts are checked one by one (STAT-3). */
const WATCHED_SYMBOLS = ['10', 'A', 'ELEPHANT', 'TIGER'];

interface SlotTally {
  spins: number;
  returns: Moments;
  /** Outcome of payline 0 per spin, "symbol:count" or "none". */
  lineZero: Map<string, number>;
  /** Winning lines per spin for each watched symbol. */
  symbolHits: Map<string, Moments>;
  scatterCounts: number[];
  elapsedMs: number;
}

function simulate(config: SlotConfig, spins: number, clientSeed: string): SlotTally {
  const started = performance.now();
  const returns = new Moments();
  const lineZero = new Map<string, number>();
  const symbolHits = new Map(WATCHED_SYMBOLS.map((s) => [s, new Moments()]));
  const perSpinHits = new Map(WATCHED_SYMBOLS.map((s) => [s, 0]));
  const scatterCounts = new Array<number>(16).fill(0);
  const rows = config.rows;
  for (let nonce = 0; nonce < spins; nonce += 1) {
    const spin = spinSlot(config, { serverSeed: SERVER_SEED, clientSeed, nonce }, STAKE_PAISE);
    returns.add(spin.totalPayoutPaise / STAKE_PAISE);
    for (const s of WATCHED_SYMBOLS) perSpinHits.set(s, 0);
    let lineZeroKey = 'none';
    for (const win of spin.lineWins) {
      if (win.lineIndex === 0) lineZeroKey = `${win.symbol}:${win.count}`;
      const hits = perSpinHits.get(win.symbol);
      if (hits !== undefined) perSpinHits.set(win.symbol, hits + 1);
    }
    lineZero.set(lineZeroKey, (lineZero.get(lineZeroKey) ?? 0) + 1);
    for (const s of WATCHED_SYMBOLS) (symbolHits.get(s) as Moments).add(perSpinHits.get(s) as number);
    let scatters = 0;
    for (const column of spin.grid)
      for (let row = 0; row < rows; row += 1) if (column[row] === 'SCATTER') scatters += 1;
    scatterCounts[scatters] = (scatterCounts[scatters] as number) + 1;
  }
  return { spins, returns, lineZero, symbolHits, scatterCounts, elapsedMs: performance.now() - started };
}

function checks(
  config: SlotConfig,
  theory: SlotTheory,
  tally: SlotTally,
): { means: MeanCheck[]; frequencies: ChiSquareCheck[] } {
  const lines = config.paylines.length;
  const means = [checkMean('RTP (return per unit staked)', tally.returns, ratioToNumber(theory.rtp))];
  for (const symbol of WATCHED_SYMBOLS) {
    const perLine = theory.lineOutcomes
      .filter((o) => o.symbol === symbol)
      .reduce((a, o) => a + ratioToNumber(o.probability), 0);
    means.push(checkMean(`${symbol} winning lines per spin`, tally.symbolHits.get(symbol) as Moments, perLine * lines));
  }
  const lineCategories = [
    { category: 'none', probability: ratioToNumber(theory.lineNoWin), observed: tally.lineZero.get('none') ?? 0 },
    ...theory.lineOutcomes.map((o) => ({
      category: `${o.symbol}:${o.count}`,
      probability: ratioToNumber(o.probability),
      observed: tally.lineZero.get(`${o.symbol}:${o.count}`) ?? 0,
    })),
  ];
  // Every observed outcome must be one the theory knows; an unknown one lands in no category and fails.
  const known = new Set(lineCategories.map((c) => c.category));
  const unknown = [...tally.lineZero.keys()].filter((k) => !known.has(k));
  const scatterCategories = theory.scatterCountProbabilities.map((p, k) => ({
    category: `${k} scatters`,
    probability: ratioToNumber(p),
    observed: tally.scatterCounts[k] ?? 0,
  }));
  const frequencies = [
    checkFrequencies(
      `payline 0 outcomes${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}`,
      lineCategories,
      tally.spins,
    ),
    checkFrequencies('scatters in the window', scatterCategories, tally.spins),
  ];
  if (unknown.length > 0) (frequencies[0] as ChiSquareCheck).pass = false;
  return { means, frequencies };
}

function report(
  failWord: string,
  title: string,
  result: { means: MeanCheck[]; frequencies: ChiSquareCheck[] },
  tally: SlotTally,
): string {
  return [
    `[casino-games] ${title}: ${tally.spins.toLocaleString('en-IN')} spins in ${(tally.elapsedMs / 1000).toFixed(1)} s, z = ${Z}`,
    ...result.means.map((c) => `  ${describeMean(c, failWord)}`),
    ...result.frequencies.map((c) => `  ${describeChiSquare(c, failWord)}`),
  ].join('\n');
}

/** Reel 3 with one Ten swapped for a Tiger: the kind of slip an operator's edit could make. */
function misWeighted(config: SlotConfig): SlotConfig {
  const reel = [...(config.reels[2] as string[])];
  reel[reel.indexOf('10')] = 'TIGER';
  return { ...config, id: `${config.id}-misweighted`, reels: config.reels.map((r, i) => (i === 2 ? reel : r)) };
}

/** The Ten's three-of-a-kind priced at 10× the line stake instead of 5×. */
function mispricedTen(config: SlotConfig): SlotConfig {
  return {
    ...config,
    symbols: config.symbols.map((s) =>
      s.id === '10' ? { ...s, payByCountHundredths: s.payByCountHundredths.map((p, k) => (k === 3 ? 1_000 : p)) } : s,
    ),
  };
}

describe('STAT-1..STAT-4 slot: one million spins against the exact theory', () => {
  it('STAT-2 the chi-square critical value matches tables (95 % point of 30 df is 43.77)', () => {
    expect(chiSquareCritical(30, 1.6449)).toBeCloseTo(43.77, 1);
    expect(chiSquareCritical(10, 2.3263)).toBeCloseTo(23.21, 0);
  });

  it('STAT-1/STAT-2/STAT-3 measured RTP, payline outcome and scatter frequencies are within the 4.5 σ intervals', () => {
    const theory = slotTheory(DEFAULT_SLOT_CONFIG);
    const tally = simulate(DEFAULT_SLOT_CONFIG, SPINS, 'stat-slot');
    const result = checks(DEFAULT_SLOT_CONFIG, theory, tally);
    console.log(
      report(
        'FAIL',
        `${DEFAULT_SLOT_CONFIG.name} (theoretical RTP ${(ratioToNumber(theory.rtp) * 100).toFixed(4)} %)`,
        result,
        tally,
      ),
    );
    expect(tally.spins).toBeGreaterThanOrEqual(1_000_000);
    for (const c of result.means) expect(c.pass, describeMean(c)).toBe(true);
    for (const c of result.frequencies) expect(c.pass, describeChiSquare(c)).toBe(true);

    // STAT-4 the interval is narrow enough to tell a 2.5-point paytable error: had Ten × 3 been
    // priced at 10× instead of 5× the line stake, the same returns would fall outside it.
    const mispriced = mispricedTen(DEFAULT_SLOT_CONFIG);
    const wrong = checkMean(
      'RTP against a Ten × 3 = 10× paytable',
      tally.returns,
      ratioToNumber(slotTheory(mispriced).rtp),
    );
    console.log(`  control: ${describeMean(wrong, 'DETECTED')}`);
    expect(wrong.pass).toBe(false);
  });

  it('STAT-4 control: a mis-weighted strip is detected by the same checks', () => {
    const honest = slotTheory(DEFAULT_SLOT_CONFIG);
    const rigged = misWeighted(DEFAULT_SLOT_CONFIG);
    const tally = simulate(rigged, CONTROL_SPINS, 'stat-slot-control');
    const result = checks(DEFAULT_SLOT_CONFIG, honest, tally);
    console.log(
      report(
        'DETECTED',
        `control, reel 3 one Ten → Tiger (its true RTP ${(ratioToNumber(slotTheory(rigged).rtp) * 100).toFixed(4)} %), checked against the shipped theory`,
        result,
        tally,
      ),
    );
    const failed = [...result.means, ...result.frequencies].filter((c) => !c.pass).map((c) => c.name);
    // One Ten of 38 moved on one reel: 0.9 points of RTP, too little for the RTP interval at this
    // sample size, but the per-symbol line-hit counts see it at once.
    expect(failed).toContain('10 winning lines per spin');
    expect(failed).toContain('TIGER winning lines per spin');
  });
});
