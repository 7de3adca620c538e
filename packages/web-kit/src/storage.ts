/**
 * Web storage that never throws: storage throws in some private-browsing modes and when disabled, and
 * a broken storage must not break the app (it then just forgets). Each app keeps its own keys.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  clear(): void;
}

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

function safeStorage(area: () => Storage): SafeStorage {
  return {
    get: (key) => safe(() => area().getItem(key), null),
    set: (key, value) => safe(() => area().setItem(key, value), undefined),
    remove: (key) => safe(() => area().removeItem(key), undefined),
    clear: () => safe(() => area().clear(), undefined),
  };
}

export const local = safeStorage(() => window.localStorage);
export const session = safeStorage(() => window.sessionStorage);
