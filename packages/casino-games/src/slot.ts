/**
 * Video slot with reel strips, fixed paylines, a wild and a scatter (SPEC.md SLOT-1..SLOT-9).
 * A configuration is a plain JSON object an operator can store; `spinSlot` turns seeds into stops and
 * stops into integer payouts, and `slotTheory` computes the exact RTP and per-line outcome
 * probabilities by exact combinatorics over every reel stop (no sampling).
 */
import { createOutcomeStream, type RoundSeeds } from './provably-fair.js';
import { addRatios, ratio, ratioToNumber, type Ratio } from './ratio.js';
import {
  FREE_SPINS_PROBLEMS,
  freeSpinsTheory,
  playFreeSpins,
  validateFreeSpins,
  type FreeSpinsTheory,
} from './slot-free-spins.js';
import type { SlotConfig, SlotLineWin, SlotScatterWin, SlotSpin, SlotSymbolKind } from './slot-types.js';

export type { SlotConfig, SlotLineWin, SlotScatterWin, SlotSpin, SlotSymbol, SlotSymbolKind } from './slot-types.js';

export const SLOT_CONFIG_PROBLEMS = [
  'ROWS_OUT_OF_RANGE',
  'NO_REELS',
  'DUPLICATE_SYMBOL',
  'MORE_THAN_ONE_WILD',
  'MORE_THAN_ONE_SCATTER',
  'BAD_PAYTABLE',
  'EMPTY_REEL',
  'UNKNOWN_SYMBOL_ON_REEL',
  'NO_PAYLINES',
  'BAD_PAYLINE',
  ...FREE_SPINS_PROBLEMS,
] as const;
export type SlotConfigProblem = (typeof SLOT_CONFIG_PROBLEMS)[number];

/** Largest multiplier one symbol may pay: 100,000× (keeps stake × multiplier exact in a number). */
export const MAX_SLOT_MULTIPLIER_HUNDREDTHS = 10_000_000;
/** Largest stake of one spin: ₹10 lakh. Stake × the largest multiplier stays below 2^53. */
export const MAX_SLOT_STAKE_PAISE = 100_000_000;
const MAX_STRIP_LENGTH = 10_000;

/** SLOT-1: every problem of a configuration, in SLOT_CONFIG_PROBLEMS order, each listed once. */
export function validateSlotConfig(config: SlotConfig): SlotConfigProblem[] {
  const problems = new Set<SlotConfigProblem>();
  if (!Number.isSafeInteger(config.rows) || config.rows < 1 || config.rows > 10) problems.add('ROWS_OUT_OF_RANGE');
  const reelCount = config.reels.length;
  if (reelCount < 1 || reelCount > 10) problems.add('NO_REELS');
  const ids = new Set<string>();
  for (const symbol of config.symbols) {
    if (ids.has(symbol.id)) problems.add('DUPLICATE_SYMBOL');
    ids.add(symbol.id);
    const pays = symbol.payByCountHundredths;
    if (
      !Array.isArray(pays) ||
      pays.length !== reelCount + 1 ||
      pays.some((p) => !Number.isSafeInteger(p) || p < 0 || p > MAX_SLOT_MULTIPLIER_HUNDREDTHS)
    ) {
      problems.add('BAD_PAYTABLE');
    }
  }
  if (config.symbols.filter((s) => s.kind === 'wild').length > 1) problems.add('MORE_THAN_ONE_WILD');
  if (config.symbols.filter((s) => s.kind === 'scatter').length > 1) problems.add('MORE_THAN_ONE_SCATTER');
  for (const strip of config.reels) {
    if (strip.length < 1 || strip.length > MAX_STRIP_LENGTH) problems.add('EMPTY_REEL');
    if (strip.some((id) => !ids.has(id))) problems.add('UNKNOWN_SYMBOL_ON_REEL');
  }
  if (config.paylines.length < 1) problems.add('NO_PAYLINES');
  for (const line of config.paylines) {
    if (line.length !== reelCount || line.some((row) => !Number.isSafeInteger(row) || row < 0 || row >= config.rows))
      problems.add('BAD_PAYLINE');
  }
  for (const problem of validateFreeSpins(config)) problems.add(problem);
  return SLOT_CONFIG_PROBLEMS.filter((p) => problems.has(p));
}

/** The configuration turned into flat integer arrays for the hot path. */
interface CompiledSlot {
  reelCount: number;
  rows: number;
  symbolIds: string[];
  kinds: SlotSymbolKind[];
  wild: number;
  scatter: number;
  /** pays[symbol * (reelCount + 1) + count] */
  pays: Int32Array;
  stripLengths: number[];
  /** windows[reel][stop * rows + row]: the symbol index shown. */
  windows: Int32Array[];
  /** scatterCounts[reel][stop]: scatters shown by that reel at that stop. */
  scatterCounts: Uint8Array[];
  lines: Int32Array[];
}

const compiledCache = new WeakMap<SlotConfig, CompiledSlot>();

/** Configurations are treated as immutable once used: the compiled form is cached per object. */
function compile(config: SlotConfig): CompiledSlot {
  const cached = compiledCache.get(config);
  if (cached !== undefined) return cached;
  const problems = validateSlotConfig(config);
  if (problems.length > 0) throw new Error(`invalid slot config ${config.id}: ${problems.join(', ')}`);
  const reelCount = config.reels.length;
  const rows = config.rows;
  const indexOf = new Map(config.symbols.map((s, i) => [s.id, i]));
  const kinds = config.symbols.map((s) => s.kind);
  const pays = new Int32Array(config.symbols.length * (reelCount + 1));
  config.symbols.forEach((s, i) => s.payByCountHundredths.forEach((p, k) => (pays[i * (reelCount + 1) + k] = p)));
  const scatter = kinds.indexOf('scatter');
  const windows: Int32Array[] = [];
  const scatterCounts: Uint8Array[] = [];
  for (const strip of config.reels) {
    const symbols = strip.map((id) => indexOf.get(id) as number);
    const window = new Int32Array(strip.length * rows);
    const scatters = new Uint8Array(strip.length);
    for (let stop = 0; stop < strip.length; stop += 1) {
      for (let row = 0; row < rows; row += 1) {
        const symbol = symbols[(stop + row) % strip.length] as number;
        window[stop * rows + row] = symbol;
        if (symbol === scatter) scatters[stop] = (scatters[stop] as number) + 1;
      }
    }
    windows.push(window);
    scatterCounts.push(scatters);
  }
  const compiled: CompiledSlot = {
    reelCount,
    rows,
    symbolIds: config.symbols.map((s) => s.id),
    kinds,
    wild: kinds.indexOf('wild'),
    scatter,
    pays,
    stripLengths: config.reels.map((r) => r.length),
    windows,
    scatterCounts,
    lines: config.paylines.map((l) => Int32Array.from(l)),
  };
  compiledCache.set(config, compiled);
  return compiled;
}

export const SLOT_SPIN_REASONS = ['INVALID_STAKE', 'BELOW_MIN_STAKE', 'ABOVE_MAX_STAKE'] as const;
export type SlotSpinReason = (typeof SLOT_SPIN_REASONS)[number];

export interface StakeLimits {
  minStakePaise: number;
  maxStakePaise: number;
}

/** SLOT-3: null when a spin at this stake may be played, else the named reason. */
export function checkSlotStake(stakePaise: number, limits: StakeLimits): SlotSpinReason | null {
  if (!Number.isSafeInteger(stakePaise) || stakePaise < 1 || stakePaise > MAX_SLOT_STAKE_PAISE) return 'INVALID_STAKE';
  if (stakePaise < limits.minStakePaise) return 'BELOW_MIN_STAKE';
  if (stakePaise > limits.maxStakePaise) return 'ABOVE_MAX_STAKE';
  return null;
}

/** SLOT-2: the stops, one nextInt(strip length) per reel, left to right. */
export function drawSlotStops(config: SlotConfig, seeds: RoundSeeds): number[] {
  const compiled = compile(config);
  const stream = createOutcomeStream(seeds);
  return compiled.stripLengths.map((length) => stream.nextInt(length));
}

/**
 * SLOT-2..SLOT-6, SLOT-12: one paid spin and the free spins it triggers, all from one outcome stream.
 * The stake is checked by the caller (checkSlotStake); a bad one is a bug.
 */
export function spinSlot(config: SlotConfig, seeds: RoundSeeds, stakePaise: number): SlotSpin {
  const compiled = compile(config);
  const stream = createOutcomeStream(seeds);
  const paid = evaluateSlotStops(
    config,
    compiled.stripLengths.map((length) => stream.nextInt(length)),
    stakePaise,
  );
  const freeSpins = playFreeSpins(config, stream, paid, evaluateSlotStops);
  if (freeSpins === null) return paid;
  return { ...paid, freeSpins, totalPayoutPaise: paid.totalPayoutPaise + freeSpins.payoutPaise };
}

/** SLOT-4..SLOT-6: the payout of given stops (used by spinSlot, the verify page and the tests). */
export function evaluateSlotStops(config: SlotConfig, stops: readonly number[], stakePaise: number): SlotSpin {
  const c = compile(config);
  if (!Number.isSafeInteger(stakePaise) || stakePaise < 1 || stakePaise > MAX_SLOT_STAKE_PAISE)
    throw new Error(`spinSlot: invalid stake ${stakePaise}`);
  if (
    stops.length !== c.reelCount ||
    stops.some((s, r) => !Number.isSafeInteger(s) || s < 0 || s >= (c.stripLengths[r] as number))
  ) {
    throw new Error('evaluateSlotStops: a stop is off its strip');
  }
  const rows = c.rows;
  const width = c.reelCount + 1;
  const lineDivisor = 100 * c.lines.length;
  const lineWins: SlotLineWin[] = [];
  let total = 0;
  for (let lineIndex = 0; lineIndex < c.lines.length; lineIndex += 1) {
    const line = c.lines[lineIndex] as Int32Array;
    let wilds = 0;
    let symbol = -1;
    let count = 0;
    for (let reel = 0; reel < c.reelCount; reel += 1) {
      const shown = (c.windows[reel] as Int32Array)[(stops[reel] as number) * rows + (line[reel] as number)] as number;
      if (symbol < 0) {
        if (shown === c.wild) {
          wilds += 1;
          continue;
        }
        if (c.kinds[shown] !== 'regular') break;
        symbol = shown;
        count = wilds + 1;
      } else if (shown === symbol || shown === c.wild) {
        count += 1;
      } else {
        break;
      }
    }
    const symbolPay = symbol >= 0 ? (c.pays[symbol * width + count] as number) : 0;
    const wildPay = c.wild >= 0 ? (c.pays[c.wild * width + wilds] as number) : 0;
    // SLOT-4: the better of the two readings; a tie goes to the regular symbol.
    let winSymbol = -1;
    let winCount = 0;
    let multiplier = 0;
    if (symbolPay > 0 && symbolPay >= wildPay) {
      winSymbol = symbol;
      winCount = count;
      multiplier = symbolPay;
    } else if (wildPay > 0) {
      winSymbol = c.wild;
      winCount = wilds;
      multiplier = wildPay;
    }
    if (winSymbol >= 0) {
      // SLOT-5: line stake = stake / lines; the pay is rounded down to whole paise.
      const payoutPaise = Math.floor((stakePaise * multiplier) / lineDivisor);
      total += payoutPaise;
      lineWins.push({
        lineIndex,
        symbol: c.symbolIds[winSymbol] as string,
        count: winCount,
        multiplierHundredths: multiplier,
        payoutPaise,
      });
    }
  }
  let scatterWin: SlotScatterWin | null = null;
  if (c.scatter >= 0) {
    let scatters = 0;
    for (let reel = 0; reel < c.reelCount; reel += 1)
      scatters += (c.scatterCounts[reel] as Uint8Array)[stops[reel] as number] as number;
    const multiplier =
      scatters < width
        ? (c.pays[c.scatter * width + scatters] as number)
        : (c.pays[c.scatter * width + width - 1] as number);
    if (multiplier > 0) {
      const payoutPaise = Math.floor((stakePaise * multiplier) / 100);
      total += payoutPaise;
      scatterWin = {
        symbol: c.symbolIds[c.scatter] as string,
        count: scatters,
        multiplierHundredths: multiplier,
        payoutPaise,
      };
    }
  }
  const grid: string[][] = [];
  for (let reel = 0; reel < c.reelCount; reel += 1) {
    const column: string[] = [];
    for (let row = 0; row < rows; row += 1)
      column.push(
        c.symbolIds[(c.windows[reel] as Int32Array)[(stops[reel] as number) * rows + row] as number] as string,
      );
    grid.push(column);
  }
  return { stakePaise, stops: [...stops], grid, lineWins, scatterWin, freeSpins: null, totalPayoutPaise: total };
}

export interface SlotOutcomeProbability {
  symbol: string;
  count: number;
  multiplierHundredths: number;
  probability: Ratio;
}

export interface SlotTheory {
  /** Π strip lengths: the number of equally likely stop combinations. */
  cycle: bigint;
  /** Expected return per unit of stake from the paylines (before rounding to paise). */
  lineRtp: Ratio;
  scatterRtp: Ratio;
  /** The free-spin feature's exact theory (SLOT-13), null when the slot has none. */
  feature: FreeSpinsTheory | null;
  /** One spin's return (lines + scatters) plus the feature's. */
  rtp: Ratio;
  /** Every paying outcome of ONE payline (all lines have the same distribution, SLOT-7). */
  lineOutcomes: SlotOutcomeProbability[];
  /** Probability that one payline pays nothing. */
  lineNoWin: Ratio;
  /** Distribution of the number of scatters in the window, index = count. */
  scatterCountProbabilities: Ratio[];
}

/**
 * SLOT-7/SLOT-8: exact theory. Every stop is equally likely and reels are independent, so the symbol
 * a payline shows on reel r is distributed as that strip's symbol counts, whatever row the line uses:
 * every line has the same outcome distribution. It is computed by walking symbol sequences left to
 * right, weighted by strip counts, stopping as soon as the line's result is decided (the reels to the
 * right then contribute their full lengths). Scatters: per reel, how many stops show k scatters,
 * convolved across reels.
 */
const theoryCache = new WeakMap<SlotConfig, SlotTheory>();

export function slotTheory(config: SlotConfig): SlotTheory {
  const cached = theoryCache.get(config);
  if (cached !== undefined) return cached;
  const computed = computeSlotTheory(config);
  theoryCache.set(config, computed);
  return computed;
}

function computeSlotTheory(config: SlotConfig): SlotTheory {
  const c = compile(config);
  const width = c.reelCount + 1;
  const symbolCount = c.symbolIds.length;
  const counts: bigint[][] = config.reels.map((strip) => {
    const perSymbol = new Array<bigint>(symbolCount).fill(0n);
    for (const id of strip) {
      const i = c.symbolIds.indexOf(id);
      perSymbol[i] = (perSymbol[i] as bigint) + 1n;
    }
    return perSymbol;
  });
  const lengths = c.stripLengths.map((l) => BigInt(l));
  const suffixProduct: bigint[] = new Array<bigint>(c.reelCount + 1).fill(1n);
  for (let r = c.reelCount - 1; r >= 0; r -= 1)
    suffixProduct[r] = (suffixProduct[r + 1] as bigint) * (lengths[r] as bigint);
  const cycle = suffixProduct[0] as bigint;

  const outcomeWeights = new Map<string, { symbol: number; count: number; multiplier: number; weight: bigint }>();
  const settle = (weight: bigint, wilds: number, symbol: number, count: number): void => {
    const symbolPay = symbol >= 0 ? (c.pays[symbol * width + count] as number) : 0;
    const wildPay = c.wild >= 0 ? (c.pays[c.wild * width + wilds] as number) : 0;
    let key: { symbol: number; count: number; multiplier: number } | null = null;
    if (symbolPay > 0 && symbolPay >= wildPay) key = { symbol, count, multiplier: symbolPay };
    else if (wildPay > 0) key = { symbol: c.wild, count: wilds, multiplier: wildPay };
    if (key === null) return;
    const k = `${key.symbol}:${key.count}`;
    const entry = outcomeWeights.get(k);
    if (entry === undefined) outcomeWeights.set(k, { ...key, weight });
    else entry.weight += weight;
  };
  const walk = (reel: number, weight: bigint, wilds: number, symbol: number, count: number): void => {
    if (reel === c.reelCount) {
      settle(weight, wilds, symbol, count);
      return;
    }
    const reelCounts = counts[reel] as bigint[];
    let stopsWeight = 0n; // stops on this reel that end the line here
    for (let s = 0; s < symbolCount; s += 1) {
      const n = reelCounts[s] as bigint;
      if (n === 0n) continue;
      if (symbol < 0) {
        if (s === c.wild) walk(reel + 1, weight * n, wilds + 1, -1, 0);
        else if (c.kinds[s] === 'regular') walk(reel + 1, weight * n, wilds, s, wilds + 1);
        else stopsWeight += n;
      } else if (s === symbol || s === c.wild) {
        walk(reel + 1, weight * n, wilds, symbol, count + 1);
      } else {
        stopsWeight += n;
      }
    }
    if (stopsWeight > 0n) settle(weight * stopsWeight * (suffixProduct[reel + 1] as bigint), wilds, symbol, count);
  };
  walk(0, 1n, 0, -1, 0);

  const lineOutcomes: SlotOutcomeProbability[] = [];
  let lineNumerator = 0n;
  let winWeight = 0n;
  for (const o of [...outcomeWeights.values()].sort((a, b) => a.symbol - b.symbol || a.count - b.count)) {
    lineOutcomes.push({
      symbol: c.symbolIds[o.symbol] as string,
      count: o.count,
      multiplierHundredths: o.multiplier,
      probability: ratio(o.weight, cycle),
    });
    lineNumerator += o.weight * BigInt(o.multiplier);
    winWeight += o.weight;
  }
  // Per unit of total stake: lines × (stake / lines) × E[multiplier] / 100.
  const lineRtp = ratio(lineNumerator, cycle * 100n);

  let distribution: bigint[] = [1n];
  for (let reel = 0; reel < c.reelCount; reel += 1) {
    const perStop = c.scatterCounts[reel] as Uint8Array;
    const histogram: bigint[] = new Array<bigint>(c.rows + 1).fill(0n);
    for (const k of perStop) histogram[k] = (histogram[k] as bigint) + 1n;
    const next: bigint[] = new Array<bigint>(distribution.length + c.rows).fill(0n);
    distribution.forEach((a, i) => histogram.forEach((b, j) => (next[i + j] = (next[i + j] as bigint) + a * b)));
    distribution = next;
  }
  let scatterNumerator = 0n;
  if (c.scatter >= 0) {
    distribution.forEach((weight, k) => {
      const multiplier = c.pays[c.scatter * width + Math.min(k, width - 1)] as number;
      scatterNumerator += weight * BigInt(multiplier);
    });
  }
  const scatterRtp = ratio(scatterNumerator, cycle * 100n);
  const spinRtp = addRatios(lineRtp, scatterRtp);
  const scatterCountProbabilities = distribution.map((w) => ratio(w, cycle));
  const feature =
    config.freeSpins === undefined ? null : freeSpinsTheory(config.freeSpins, scatterCountProbabilities, spinRtp);
  return {
    cycle,
    lineRtp,
    scatterRtp,
    feature,
    rtp: feature === null ? spinRtp : addRatios(spinRtp, feature.featureRtp),
    lineOutcomes,
    lineNoWin: ratio(cycle - winWeight, cycle),
    scatterCountProbabilities,
  };
}

/** SLOT-8: the exact theoretical RTP as a number (0.96 = 96 %). */
export function theoreticalRtp(config: SlotConfig): number {
  return ratioToNumber(slotTheory(config).rtp);
}
