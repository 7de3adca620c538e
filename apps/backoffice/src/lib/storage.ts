/**
 * The back office keeps its own keys so an operator signed in to the player app in the same browser
 * (key `token`) is a separate session.
 */
export const STORAGE_KEYS = { token: 'bo_token', theme: 'bo_theme' } as const;

/** localStorage that never throws (private mode, disabled storage): the app then just forgets. */
export const local = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the session lasts until the tab closes */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};
