import type { Market, MarketType } from '@khel/contract';
import { createStore, useStore } from '@khel/web-kit';
import { session } from '../../../lib/storage';
import { oneClickStore, placeOneClick } from './one-click';

/** What the player has typed into an open slip; kept in sessionStorage so a reload keeps it (issue 31). */
export interface SlipDraft {
  stakeText: string;
  odds: number;
  oddsText: string;
  oddsSize: number | null;
  /** The player changed the exchange price by hand: a refresh after a reconnect leaves it alone. */
  oddsEdited: boolean;
}

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
  /** A slip brought back after a reload starts from what the player had typed. */
  restored?: SlipDraft;
}

type Tapped = Omit<SlipSelection, 'tapId' | 'restored'>;

/** sessionStorage: per tab, gone with the tab, never shared with another player of the same phone later. */
export const SLIP_STORAGE_KEY = 'betSlip';

export const betSlipStore = createStore<SlipSelection | null>(null);
let taps = 0;

/** A tap on a price: opens the slip, or with one-click betting on places the chosen stake at once (issue 31). */
export function openSlip(selection: Tapped): void {
  const oneClick = oneClickStore.get();
  if (oneClick.on) {
    void placeOneClick(
      {
        marketId: selection.market._id,
        ...(selection.runnerId !== null ? { selectionId: selection.runnerId } : {}),
        selectionType: selection.side,
        odds: selection.odds,
        ...(selection.marketType === 'FANCY' ? { oddsSize: selection.oddsSize ?? 100 } : {}),
      },
      oneClick.stake,
    );
    return;
  }
  taps += 1;
  betSlipStore.set({ ...selection, tapId: taps });
}

export function closeSlip(): void {
  betSlipStore.set(null);
  session.remove(SLIP_STORAGE_KEY);
}

export function useBetSlip(): SlipSelection | null {
  return useStore(betSlipStore);
}

/** Keeps the open slip and what is typed in it for a reload of the page. */
export function saveSlipDraft(selection: SlipSelection, draft: SlipDraft): void {
  const { tapId: _tapId, restored: _restored, ...tapped } = selection;
  session.set(SLIP_STORAGE_KEY, JSON.stringify({ selection: tapped, draft }));
}

function readSaved(): { selection: Tapped; draft: SlipDraft } | null {
  const raw = session.get(SLIP_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const saved = JSON.parse(raw) as { selection?: Tapped; draft?: SlipDraft } | null;
    const selection = saved?.selection;
    const draft = saved?.draft;
    if (
      typeof selection?.market?._id !== 'string' ||
      typeof selection.market.eventId !== 'string' ||
      typeof draft?.stakeText !== 'string' ||
      typeof draft.odds !== 'number' ||
      typeof draft.oddsText !== 'string'
    )
      return null;
    return { selection, draft };
  } catch {
    return null;
  }
}

/**
 * After a reload: reopens the slip the player had open, with what was typed. On an event page only a
 * slip of that event, with the market as the page has just loaded it (a market gone or finished drops
 * it); elsewhere (Home's lists) the saved market, which the socket's snapshot then brings up to date.
 */
export function restoreSlip(page: { eventId: string; markets: readonly Market[] } | null): void {
  if (betSlipStore.get() !== null) return;
  const saved = readSaved();
  if (saved === null) return;
  if (page !== null && saved.selection.market.eventId !== page.eventId) return;
  const market =
    page === null ? saved.selection.market : page.markets.find((item) => item._id === saved.selection.market._id);
  if (market === undefined || market.status === 'settled' || market.status === 'voided') {
    session.remove(SLIP_STORAGE_KEY);
    return;
  }
  taps += 1;
  betSlipStore.set({ ...saved.selection, market, tapId: taps, restored: saved.draft });
}
