import type { Market, MarketType } from '@khel/contract';
import { createStore, useStore } from '@khel/web-kit';

/** What a tap on a price puts in the slip. */
export interface SlipSelection {
  /** The market as shown when tapped; the slip follows its live state by id. */
  market: Market;
  marketType: MarketType;
  eventName: string;
  /** The runner (EXCHANGE, BOOKMAKER); null for FANCY. */
  runnerId: string | null;
  /** The runner's name, or the fancy market's name. */
  label: string;
  /** back/lay; FANCY: back = YES, lay = NO. */
  side: 'back' | 'lay';
  /** EXCHANGE: decimal odds; BOOKMAKER: the rate; FANCY: the line in runs. */
  odds: number;
  /** FANCY: the rate (100 = even money); otherwise null. */
  oddsSize: number | null;
  /** Changes on every tap, so the slip starts afresh even for the same price. */
  tapId: number;
}

export const betSlipStore = createStore<SlipSelection | null>(null);
let taps = 0;

export function openSlip(selection: Omit<SlipSelection, 'tapId'>): void {
  taps += 1;
  betSlipStore.set({ ...selection, tapId: taps });
}

export function closeSlip(): void {
  betSlipStore.set(null);
}

export function useBetSlip(): SlipSelection | null {
  return useStore(betSlipStore);
}
