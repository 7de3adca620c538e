/**
 * Browser storage keys (spec §3): localStorage holds `token`, `userData` and `theme`; sessionStorage
 * holds the sign-up mobile number until the OTP is verified.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userData: 'userData',
  theme: 'theme',
  signUpMobile: 'mobile_no',
  /** A random id of this browser, sent as X-Device-Id for the shared-device referral rule (PRODUCT.md §8). */
  deviceId: 'deviceId',
} as const;

/** Both storages never throw (@khel/web-kit). */
export { local, session } from '@khel/web-kit';
