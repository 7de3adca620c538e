/**
 * Browser storage keys (spec §3): localStorage holds `token`, `userData` and `theme`; sessionStorage
 * holds the sign-up mobile number until the OTP is verified. Access is guarded because storage throws
 * in some private-browsing modes, and a broken storage must not break the app.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userData: 'userData',
  theme: 'theme',
  signUpMobile: 'mobile_no',
  /** A random id of this browser, sent as X-Device-Id for the shared-device referral rule (PRODUCT.md §8). */
  deviceId: 'deviceId',
} as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  clear: (): void => safe(() => window.sessionStorage.clear(), undefined),
};
