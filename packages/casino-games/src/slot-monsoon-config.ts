/**
 * The second house slot, "Monsoon Gems" (SLOT-10, SLOT-14): 5 reels × 3 rows on 10 paylines, and a
 * free-spin storm: three or more Thunderclouds award free spins with a climbing multiplier
 * (slot-free-spins.ts). About a seventh of its return comes from the feature (once in ~116 spins), so
 * it is the more volatile slot. Its RTP is exact by slotTheory and pinned in slot-monsoon.test.ts.
 */
import type { SlotConfig, SlotSymbol } from './slot.js';
import { TWENTY_PAYLINES, buildReelStrip } from './slot-default-config.js';

const SYMBOLS: SlotSymbol[] = [
  { id: 'DROP', name: 'Raindrop', kind: 'regular', payByCountHundredths: [0, 0, 0, 300, 900, 3_500] },
  { id: 'LEAF', name: 'Leaf', kind: 'regular', payByCountHundredths: [0, 0, 0, 250, 1_000, 4_000] },
  { id: 'AMBER', name: 'Amber', kind: 'regular', payByCountHundredths: [0, 0, 0, 400, 1_750, 7_000] },
  { id: 'EMERALD', name: 'Emerald', kind: 'regular', payByCountHundredths: [0, 0, 0, 700, 3_500, 12_500] },
  { id: 'SAPPHIRE', name: 'Sapphire', kind: 'regular', payByCountHundredths: [0, 0, 0, 1_250, 6_500, 25_000] },
  { id: 'RUBY', name: 'Ruby', kind: 'regular', payByCountHundredths: [0, 0, 0, 2_500, 12_500, 85_000] },
  { id: 'RAINBOW', name: 'Rainbow (wild)', kind: 'wild', payByCountHundredths: [0, 0, 0, 4_000, 20_000, 100_000] },
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
  // SLOT-14: 3 / 4 / 5 Thunderclouds award 8 / 12 / 20 free spins at ×2, each retrigger climbs ×3, ×4, ×5.
  freeSpins: { awardsByScatterCount: [0, 0, 0, 8, 12, 20], multipliers: [2, 3, 4, 5], maxSpins: 100 },
};
