/**
 * The second house slot, "Monsoon Gems" (SLOT-10): 5 reels × 3 rows on 10 paylines, so each line win
 * is a larger share of the stake: 0.72 winning lines a spin against Royal Bengal's 0.90, five wilds or
 * rubies pay 1,000× the line stake (100× the total stake) and five scatters 100× the total stake. Its RTP is exact by slotTheory and pinned in slot-monsoon.test.ts.
 */
import type { SlotConfig, SlotSymbol } from './slot.js';
import { TWENTY_PAYLINES, buildReelStrip } from './slot-default-config.js';

const SYMBOLS: SlotSymbol[] = [
  { id: 'DROP', name: 'Raindrop', kind: 'regular', payByCountHundredths: [0, 0, 0, 300, 1_000, 4_000] },
  { id: 'LEAF', name: 'Leaf', kind: 'regular', payByCountHundredths: [0, 0, 0, 300, 1_200, 5_000] },
  { id: 'AMBER', name: 'Amber', kind: 'regular', payByCountHundredths: [0, 0, 0, 500, 2_000, 8_000] },
  { id: 'EMERALD', name: 'Emerald', kind: 'regular', payByCountHundredths: [0, 0, 0, 800, 4_000, 15_000] },
  { id: 'SAPPHIRE', name: 'Sapphire', kind: 'regular', payByCountHundredths: [0, 0, 0, 1_500, 7_500, 30_000] },
  { id: 'RUBY', name: 'Ruby', kind: 'regular', payByCountHundredths: [0, 0, 0, 3_000, 15_000, 100_000] },
  { id: 'RAINBOW', name: 'Rainbow (wild)', kind: 'wild', payByCountHundredths: [0, 0, 0, 5_000, 25_000, 100_000] },
  { id: 'CLOUD', name: 'Thundercloud (scatter)', kind: 'scatter', payByCountHundredths: [0, 0, 0, 500, 2_000, 10_000] },
];

function reelCounts(copies: number[]): Array<readonly [string, number]> {
  return SYMBOLS.map((symbol, i) => [symbol.id, copies[i] ?? 0] as const).filter(([, n]) => n > 0);
}

const REEL_COUNTS: ReadonlyArray<ReadonlyArray<readonly [string, number]>> = [
  // Reel 1 has no wild; reels 2–4 carry three, reel 5 one. Tuned with slotTheory (SLOT-10).
  reelCounts([7, 7, 4, 4, 3, 2, 0, 1]),
  reelCounts([7, 7, 4, 4, 3, 2, 3, 1]),
  reelCounts([7, 7, 4, 4, 3, 2, 3, 1]),
  reelCounts([7, 7, 4, 4, 3, 2, 3, 1]),
  reelCounts([7, 7, 4, 4, 3, 2, 1, 1]),
];

export const MONSOON_GEMS_CONFIG: SlotConfig = {
  id: 'monsoon-gems',
  name: 'Monsoon Gems',
  rows: 3,
  symbols: SYMBOLS,
  reels: REEL_COUNTS.map(buildReelStrip),
  paylines: TWENTY_PAYLINES.slice(0, 10),
};
