import { createStore, useStore } from '@khel/web-kit';
import { STORAGE_KEYS, local } from '../storage';
import { toast } from '../toast';

/** The bearer token of this back-office session, mirrored in localStorage (`bo_token`). */
const tokenStore = createStore<string | null>(local.get(STORAGE_KEYS.token));

export function currentToken(): string | null {
  return tokenStore.get();
}

export function useToken(): string | null {
  return useStore(tokenStore);
}

export function subscribeToken(listener: () => void): () => void {
  return tokenStore.subscribe(listener);
}

export function startSession(token: string): void {
  local.set(STORAGE_KEYS.token, token);
  tokenStore.set(token);
}

/**
 * Forgets the token. The route guard reacts to the store and sends the operator to the login page;
 * a reason (expired, suspended) is shown so they know it was not their doing.
 */
export function endSession(reason?: string): void {
  const hadToken = tokenStore.get() !== null;
  local.remove(STORAGE_KEYS.token);
  tokenStore.set(null);
  if (hadToken && reason !== undefined && reason !== '') toast.info(reason);
}

// Logging out in one tab logs out every tab: a shared screen must not keep a session alive.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.token) tokenStore.set(event.newValue);
  });
}
