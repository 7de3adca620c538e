import { createStore, useStore } from '@khel/web-kit';
import { subscribeToken } from './session';

/**
 * Whether this session must choose its own password before the back office opens (decision 0050):
 * set by any call the server refused with PASSWORD_CHANGE_REQUIRED; a new or ended session starts clear.
 */
const gate = createStore<boolean>(false);

export function requirePasswordChange(): void {
  gate.set(true);
}

export function usePasswordChangeRequired(): boolean {
  return useStore(gate);
}

subscribeToken(() => gate.set(false));
