import type { PlaceBet } from '@khel/contract';
import { createStore, newIdempotencyKey, useStore } from '@khel/web-kit';
import { local } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { t } from '../../../lib/i18n/i18n';
import { placeBet } from '../api/place-bet';
import { resultText } from '../utils/bet-result-text';

/**
 * One-click betting (issue 31), off by default: when on, a tap on a price places the chosen stake at
 * once at the tapped price, with no slip; the server applies the player's odds-change preference as
 * for every bet, and a toast says what happened. A choice of this phone (localStorage), like the
 * slip's own setting: turning it on is a deliberate act on the screen it affects.
 */
export interface OneClick {
  on: boolean;
  /** Whole rupees. */
  stake: number;
}

const KEY = 'oneClick';
const OFF: OneClick = { on: false, stake: 100 };

function read(): OneClick {
  try {
    const saved = JSON.parse(local.get(KEY) ?? 'null') as Partial<OneClick> | null;
    if (saved !== null && typeof saved.on === 'boolean' && Number.isInteger(saved.stake) && (saved.stake ?? 0) > 0)
      return { on: saved.on, stake: saved.stake as number };
  } catch {
    // A broken entry is the default.
  }
  return OFF;
}

export const oneClickStore = createStore<OneClick>(read());

export function setOneClick(next: OneClick): void {
  oneClickStore.set(next);
  local.set(KEY, JSON.stringify(next));
}

export function useOneClick(): OneClick {
  return useStore(oneClickStore);
}

/** One tap, one bet: its own Idempotency-Key, so a second tap is a second bet, as the player asked. */
export async function placeOneClick(body: Omit<PlaceBet, 'stake'>, stake: number): Promise<void> {
  try {
    const envelope = await placeBet({ ...body, stake }, newIdempotencyKey());
    // A refusal is already a warning toast from the API client (spec §8).
    if (envelope.meta.code !== 200 || !envelope.data) return;
    const bet = envelope.data;
    if (bet.status === 'pending')
      notify('success', t('One-click bet held for the in-play delay: the result follows in My Bets.'));
    else notify(bet.status === 'lapsed' || bet.status === 'cancelled' ? 'warning' : 'success', resultText(bet));
  } catch {
    // A transport failure is toasted by the API client.
  }
}
