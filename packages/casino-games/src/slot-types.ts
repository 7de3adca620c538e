/**
 * The slot's shapes (SPEC.md SLOT-1..SLOT-14): a configuration, a spin and its free spins. Their own
 * file, so `slot.ts` and `slot-free-spins.ts` import them rather than each other.
 */
export type SlotSymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  /** Short stable id used on the strips and in results, e.g. "A", "TIGER", "WILD". */
  id: string;
  name: string;
  kind: SlotSymbolKind;
  /**
   * Multiplier in hundredths for k of a kind at index k (length reels + 1; indexes 0–2 are usually 0).
   * Line symbols (regular, wild) multiply the line stake; the scatter multiplies the total stake.
   */
  payByCountHundredths: number[];
}

export interface SlotConfig {
  id: string;
  name: string;
  /** Visible rows (3 for the classic 5 × 3 window). */
  rows: number;
  symbols: SlotSymbol[];
  /** One strip per reel, of symbol ids. Stop s shows strip[s], strip[s + 1], … (wrapping) from the top row. */
  reels: string[][];
  /** Each payline names one row (0 = top) per reel, left to right. */
  paylines: number[][];
  /** Optional free spins triggered by scatters (SLOT-11..SLOT-14). */
  freeSpins?: SlotFreeSpinsConfig;
}

export interface SlotLineWin {
  /** Index into config.paylines. */
  lineIndex: number;
  symbol: string;
  /** How many reels from the left, wilds included. */
  count: number;
  multiplierHundredths: number;
  payoutPaise: number;
}

export interface SlotScatterWin {
  symbol: string;
  count: number;
  multiplierHundredths: number;
  payoutPaise: number;
}

export interface SlotSpin {
  stakePaise: number;
  /** One stop per reel, each in 0 … strip length − 1. */
  stops: number[];
  /** grid[reel][row]: symbol ids as shown, reel-major (a column per reel). */
  grid: string[][];
  lineWins: SlotLineWin[];
  scatterWin: SlotScatterWin | null;
  /** The free spins this spin triggered (SLOT-12), null when none (or evaluating stops alone). */
  freeSpins: SlotFreeSpinsResult | null;
  /** Sum of the line wins, the scatter win and the free spins: what the wallet credits. */
  totalPayoutPaise: number;
}

export interface SlotFreeSpinsConfig {
  /** Free spins awarded by the number of scatters in the window (index = count, length reels + 1; 0 = none). */
  awardsByScatterCount: number[];
  /** Whole-number multiplier of every free spin's win, by retriggers so far; the last step repeats. */
  multipliers: number[];
  /** Most free spins one feature may play, retriggers included. */
  maxSpins: number;
}

export interface SlotFreeSpin {
  stops: number[];
  grid: string[][];
  lineWins: SlotLineWin[];
  scatterWin: SlotScatterWin | null;
  /** Scatters shown in this free spin's window. */
  scatters: number;
  multiplier: number;
  /** The spin's own pay times the multiplier. */
  payoutPaise: number;
  /** Free spins this one added (a retrigger), after the cap. */
  added: number;
}

export interface SlotFreeSpinsResult {
  /** Scatters of the paid spin that triggered the feature. */
  triggerScatters: number;
  /** Free spins played (awarded in all, cap applied). */
  spinsPlayed: number;
  retriggers: number;
  spins: SlotFreeSpin[];
  payoutPaise: number;
}
