/**
 * The free-spin storm (SLOT-12): the server plays the whole feature with the paid spin and credits it
 * in one go; this plays it back spin by spin — a banner with the award, a counter "Free spin 3 of 8",
 * the multiplier, retriggers, the running total — then leaves the reels on the last free spin.
 */
import type { SlotConfig } from '@khel/casino-games';
import { formatRupees } from '@khel/money';
import { clear, h } from '../lib/dom.js';
import { playSound } from '../lib/sound.js';

export interface WinView {
  lineIndex: number;
  symbol: string;
  count: number;
  payout: number;
}
export interface FreeSpinView {
  grid: string[][];
  lineWins: WinView[];
  scatterWin: { symbol: string; count: number; payout: number } | null;
  scatters: number;
  multiplier: number;
  payout: number;
  added: number;
}
export interface FreeSpinsView {
  triggerScatters: number;
  spinsPlayed: number;
  retriggers: number;
  payout: number;
  spins: FreeSpinView[];
}

export interface FreeSpinsStage {
  /** Where the banner, counter and running total go (above the reels). */
  panel: HTMLElement;
  reels: HTMLElement;
  /** Shows one spin's grid with its winning cells and its win lines. */
  show: (grid: string[][], lineWins: WinView[], scatterWin: FreeSpinView['scatterWin'], multiplier: number) => void;
  animate: (config: SlotConfig, grid: string[][]) => Promise<void>;
  reducedMotion: () => boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function playFreeSpinsBack(
  stage: FreeSpinsStage,
  config: SlotConfig,
  feature: FreeSpinsView,
): Promise<void> {
  const scatterName =
    config.symbols.find((symbol) => symbol.kind === 'scatter')?.name.replace(/ \(scatter\)$/, '') ?? 'Scatter';
  const still = stage.reducedMotion();
  const counter = h('strong', { 'data-testid': 'free-spin-counter' }, '');
  const multiplierText = h('span', { class: 'multiplier', 'data-testid': 'free-spin-multiplier' }, '');
  const totalText = h('span', { 'data-testid': 'free-spin-total' }, formatRupees(0));
  const news = h(
    'p',
    { class: 'free-spin-news', 'aria-live': 'polite', 'data-testid': 'free-spin-news' },
    `${feature.triggerScatters} × ${scatterName}: ${feature.spins.length - feature.spins.reduce((sum, s) => sum + s.added, 0)} free spins!`,
  );
  clear(stage.panel);
  stage.panel.append(
    h('h2', {}, 'Free spins'),
    news,
    h('div', { class: 'free-spin-row' }, counter, multiplierText, h('span', {}, 'Won ', totalText)),
  );
  stage.panel.hidden = false;
  stage.reels.dataset.mode = 'free-spins';
  playSound('win');
  await pause(still ? 300 : 1_200);
  let awarded = feature.spins.length - feature.spins.reduce((sum, s) => sum + s.added, 0);
  let total = 0;
  for (const [index, spin] of feature.spins.entries()) {
    counter.textContent = `Free spin ${index + 1} of ${awarded}`;
    multiplierText.textContent = `×${spin.multiplier}`;
    await stage.animate(config, spin.grid);
    stage.show(spin.grid, spin.lineWins, spin.scatterWin, spin.multiplier);
    total = Math.round((total + spin.payout) * 100) / 100;
    totalText.textContent = formatRupees(total);
    if (spin.added > 0) {
      awarded += spin.added;
      counter.textContent = `Free spin ${index + 1} of ${awarded}`;
      news.textContent = `${spin.scatters} × ${scatterName}: +${spin.added} free spins, the multiplier climbs!`;
      playSound('win');
    } else if (spin.payout > 0) {
      playSound('chip');
    }
    await pause(still ? 250 : spin.payout > 0 || spin.added > 0 ? 900 : 450);
  }
  news.textContent = `Free spins over: ${feature.spinsPlayed} spins won ${formatRupees(feature.payout)}`;
  stage.reels.dataset.mode = 'done';
}
