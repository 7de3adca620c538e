/**
 * The shipped slot, "Royal Bengal": 5 reels × 3 rows, 20 paylines, a wild (substitutes for every
 * symbol but the scatter) and a scatter that pays on the total stake anywhere in the window.
 * Theoretical RTP is computed exactly by slotTheory and pinned in slot.test.ts (SLOT-9).
 */
import type { SlotConfig, SlotSymbol } from './slot.js';

/**
 * Lays `counts` out on a strip deterministically: round-robin in the order given, so each symbol's
 * copies are spread along the strip and a symbol listed once never stacks.
 */
export function buildReelStrip(counts: ReadonlyArray<readonly [string, number]>): string[] {
  const remaining = counts.map(([id, n]) => [id, n] as [string, number]);
  const strip: string[] = [];
  for (let placed = true; placed; ) {
    placed = false;
    for (const entry of remaining) {
      if (entry[1] > 0) {
        strip.push(entry[0]);
        entry[1] -= 1;
        placed = true;
      }
    }
  }
  return strip;
}

// Multipliers in hundredths: lines of the line stake (stake / 20), the scatter of the total stake.
const SYMBOLS: SlotSymbol[] = [
  { id: '10', name: 'Ten', kind: 'regular', payByCountHundredths: [0, 0, 0, 500, 2_000, 10_000] },
  { id: 'J', name: 'Jack', kind: 'regular', payByCountHundredths: [0, 0, 0, 500, 2_500, 10_000] },
  { id: 'Q', name: 'Queen', kind: 'regular', payByCountHundredths: [0, 0, 0, 500, 3_000, 12_500] },
  { id: 'K', name: 'King', kind: 'regular', payByCountHundredths: [0, 0, 0, 1_000, 4_000, 15_000] },
  { id: 'A', name: 'Ace', kind: 'regular', payByCountHundredths: [0, 0, 0, 1_000, 5_000, 20_000] },
  { id: 'LOTUS', name: 'Lotus', kind: 'regular', payByCountHundredths: [0, 0, 0, 1_500, 7_500, 25_000] },
  { id: 'PEACOCK', name: 'Peacock', kind: 'regular', payByCountHundredths: [0, 0, 0, 2_000, 10_000, 40_000] },
  { id: 'ELEPHANT', name: 'Elephant', kind: 'regular', payByCountHundredths: [0, 0, 0, 2_500, 12_500, 75_000] },
  { id: 'TIGER', name: 'Royal Bengal Tiger', kind: 'regular', payByCountHundredths: [0, 0, 0, 5_000, 25_000, 100_000] },
  { id: 'WILD', name: 'Maharaja (wild)', kind: 'wild', payByCountHundredths: [0, 0, 0, 10_000, 50_000, 250_000] },
  { id: 'SCATTER', name: 'Diya (scatter)', kind: 'scatter', payByCountHundredths: [0, 0, 0, 200, 1_000, 5_000] },
];

/** Copies of each symbol on one reel, in SYMBOLS order. */
function reelCounts(copies: number[]): Array<readonly [string, number]> {
  return SYMBOLS.map((symbol, i) => [symbol.id, copies[i] ?? 0] as const).filter(([, n]) => n > 0);
}

// Per-reel symbol counts (the strip weights). Tuned with slotTheory; see SLOT-9.
const REEL_COUNTS: ReadonlyArray<ReadonlyArray<readonly [string, number]>> = [
  // Reel 1 has no wild (a line never starts on a substitute), reels 2–4 carry four, reel 5 one.
  reelCounts([6, 6, 5, 4, 4, 3, 3, 2, 2, 0, 1]),
  reelCounts([5, 5, 5, 4, 4, 3, 3, 2, 2, 4, 1]),
  reelCounts([5, 5, 5, 4, 4, 3, 3, 2, 2, 4, 1]),
  reelCounts([5, 5, 5, 4, 4, 3, 3, 2, 2, 4, 1]),
  reelCounts([5, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]),
];

/** The 20 fixed paylines of a classic 5 × 3 slot; rows 0 (top), 1 (middle), 2 (bottom). */
export const TWENTY_PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 2, 0, 1],
];

export const DEFAULT_SLOT_CONFIG: SlotConfig = {
  id: 'royal-bengal',
  name: 'Royal Bengal',
  rows: 3,
  symbols: SYMBOLS,
  reels: REEL_COUNTS.map(buildReelStrip),
  paylines: TWENTY_PAYLINES,
};
