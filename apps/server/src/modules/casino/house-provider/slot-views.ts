/** A spin's wins as the house slot page receives them: rupees, not paise (SLOT-4..SLOT-6, SLOT-12). */
import type { SlotFreeSpinsResult, SlotLineWin, SlotScatterWin } from '@khel/casino-games';
import { paiseToRupees } from '@khel/money';

export const lineWinView = (win: SlotLineWin) => ({
  lineIndex: win.lineIndex,
  symbol: win.symbol,
  count: win.count,
  payout: paiseToRupees(win.payoutPaise),
});
export const scatterView = (win: SlotScatterWin | null) =>
  win === null ? null : { symbol: win.symbol, count: win.count, payout: paiseToRupees(win.payoutPaise) };

/** SLOT-12: the free spins a spin triggered, in rupees, for the page to play back. */
export function freeSpinsView(feature: SlotFreeSpinsResult | null) {
  if (feature === null) return null;
  return {
    triggerScatters: feature.triggerScatters,
    spinsPlayed: feature.spinsPlayed,
    retriggers: feature.retriggers,
    payout: paiseToRupees(feature.payoutPaise),
    spins: feature.spins.map((spin) => ({
      stops: spin.stops,
      grid: spin.grid,
      lineWins: spin.lineWins.map(lineWinView),
      scatterWin: scatterView(spin.scatterWin),
      scatters: spin.scatters,
      multiplier: spin.multiplier,
      payout: paiseToRupees(spin.payoutPaise),
      added: spin.added,
    })),
  };
}
