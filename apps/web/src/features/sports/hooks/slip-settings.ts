import { createStore, useStore } from '@khel/web-kit';
import { local } from '../../../lib/storage';

/**
 * The slip's own setting (issue 31): after an accepted bet the slip closes with a toast, as Sky- and
 * Diamond-style books do, unless the player keeps it open (to bet again on the same price). A choice of
 * this phone, kept in localStorage: it is about the screen, not the account.
 */
const KEEP_OPEN_KEY = 'keepSlipOpen';

export const keepSlipOpenStore = createStore<boolean>(local.get(KEEP_OPEN_KEY) === 'true');

export function setKeepSlipOpen(keep: boolean): void {
  keepSlipOpenStore.set(keep);
  if (keep) local.set(KEEP_OPEN_KEY, 'true');
  else local.remove(KEEP_OPEN_KEY);
}

export function useKeepSlipOpen(): boolean {
  return useStore(keepSlipOpenStore);
}
