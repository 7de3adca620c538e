import type { Profile } from '@khel/contract';
import { createStore, useStore } from '@khel/web-kit';
import { navigateTo } from '../navigation';
import { STORAGE_KEYS, local, session } from '../storage';

/**
 * The session of spec §3's shared client state (loggedIn, userData) plus what the guards need to know:
 * whether the stored profile was confirmed by the server in this page load, and whether the server has
 * refused the stored token (spec §4 keeps that token in storage after an HTTP 401, so we must remember
 * not to send it again).
 */
export interface SessionState {
  token: string | null;
  user: Profile | null;
  loggedIn: boolean;
  verified: boolean;
  rejected: boolean;
  /** Where the session's start asked to go from a public page (OTP verification: `/`), if anywhere. */
  destination?: string | null;
}

/**
 * The stored profile as this app wrote it (startSession/updateUser store only server answers). It is
 * read without zod so the schema library stays off the first load (ADR 0024); validateStoredUser checks
 * it with the contract's schema right after startup and drops it when it no longer fits.
 */
function readStoredUser(): Profile | null {
  const raw = local.get(STORAGE_KEYS.userData);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Profile) : null;
  } catch {
    return null;
  }
}

function fromStorage(): SessionState {
  const token = local.get(STORAGE_KEYS.token);
  const user = token === null ? null : readStoredUser();
  return { token, user, loggedIn: token !== null && user !== null, verified: false, rejected: false };
}

/**
 * Checks the stored profile against the contract's schema (loaded on demand). A profile that does not
 * fit is forgotten: the guard then waits for getUserData as for a first visit.
 */
export async function validateStoredUser(): Promise<void> {
  const stored = sessionStore.get().user;
  if (stored === null || sessionStore.get().verified) return;
  const { profileSchema } = await import('@khel/contract/identity');
  const state = sessionStore.get();
  if (state.user !== stored || state.verified) return;
  const parsed = profileSchema.safeParse(stored);
  if (!parsed.success) {
    local.remove(STORAGE_KEYS.userData);
    sessionStore.set((current) => ({ ...current, user: null, loggedIn: false }));
  }
}

export const sessionStore = createStore<SessionState>(fromStorage());

/** Re-reads storage: at startup and in tests. */
export function loadSession(): void {
  sessionStore.set(fromStorage());
  void validateStoredUser();
}

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** The token to send, or null when there is none or the server has refused it. */
export function currentToken(): string | null {
  const state = sessionStore.get();
  return state.rejected ? null : state.token;
}

/** Login and OTP verification: store token and user data, clear the temporary sign-up number (spec §4). */
export function startSession(token: string, user: Profile, destination: string | null = null): void {
  local.set(STORAGE_KEYS.token, token);
  local.set(STORAGE_KEYS.userData, JSON.stringify(user));
  session.clear();
  sessionStore.set({ token, user, loggedIn: true, verified: true, rejected: false, destination });
}

/** A fresh profile from the server (getUserData, wallet switch). */
export function updateUser(user: Profile): void {
  local.set(STORAGE_KEYS.userData, JSON.stringify(user));
  sessionStore.set((state) => ({ ...state, user, loggedIn: true, verified: true }));
}

/**
 * How many changes this page has applied that a profile read in flight may predate: pushed balances (the
 * socket's `balance` messages) and the profiles its own writes answered (a wallet switch).
 */
let profileChanges = 0;

export function profileChangeCount(): number {
  return profileChanges;
}

/** A pushed balance (the wallets as the commit that moved them left them), or the profile a write answered. */
export function applyProfileChange(change: Partial<Profile>): void {
  const current = sessionStore.get().user;
  if (current === null) return;
  profileChanges += 1;
  updateUser({ ...current, ...change });
}

/**
 * A profile read (getUserData) whose request left when `changesWhenSent` changes had been applied. If one
 * arrived while it was in flight, the read may have been answered before that change's commit: its
 * balances and its wallet give way to the current ones (a change committed after it pushes again), the
 * rest of the profile is taken. Without this a slow read overwrote a newer pushed balance and the header
 * kept the old figure until the next change (CI, crash-teen-patti.e2e.ts), and a read that left before a
 * wallet switch put the old wallet back for good (CI, 1 December, auth.e2e.ts).
 */
export function updateUserFromRead(profile: Profile, changesWhenSent: number): void {
  const current = sessionStore.get().user;
  if (current === null || changesWhenSent === profileChanges) {
    updateUser(profile);
    return;
  }
  const { balance, exposure, bonus, bonusExposure, wallet } = current;
  updateUser({ ...profile, balance, exposure, bonus, bonusExposure, wallet });
}

/** change_password revokes every session and answers a new token for this one. */
export function replaceToken(token: string): void {
  local.set(STORAGE_KEYS.token, token);
  sessionStore.set((state) => ({ ...state, token, rejected: false }));
}

/** Logout: remove the token and user data, mark the user logged out (spec §4). */
export function endSession(): void {
  local.remove(STORAGE_KEYS.token);
  local.remove(STORAGE_KEYS.userData);
  sessionStore.set({ token: null, user: null, loggedIn: false, verified: false, rejected: false });
}

/** Spec §4: a response body with meta.code 401 removes userData and token and goes to /. */
export function expireFromMeta401(): void {
  endSession();
  navigateTo('/');
}

/** Spec §4: an HTTP 401 removes userData and goes to /login (the token stays in storage, unused). */
export function expireFromHttp401(): void {
  local.remove(STORAGE_KEYS.userData);
  sessionStore.set((state) => ({ ...state, user: null, loggedIn: false, verified: false, rejected: true }));
  navigateTo('/login');
}
