import { fail } from '../../lib/app-error.js';
import type { ThrottleService } from '../throttle/throttle-service.js';

/**
 * Failed-password throttling that cannot lock the right owner out (docs/decisions/0012).
 *
 * Failures are counted per ACCOUNT (its id, so its mobile number and its username share one count)
 * over a sliding window. Each attempt is counted first, as a failure (atomically, so parallel guesses
 * count as sequential ones), then waits a delay that grows with the failures before it, capped at a
 * few seconds; then the password is checked: the right one succeeds and its count is taken back.
 * An attacker hammering a victim's account only makes the owner wait a few seconds, never refuses
 * them. Per client address there is only a generous abuse cap.
 */
export const LOGIN_THROTTLE = {
  accountBucket: 'login-failure-account',
  windowMs: 15 * 60 * 1000,
  /** Failures that cost nothing: a player mistyping twice waits for nothing. */
  freeFailures: 2,
  firstDelayMs: 1000,
  maxDelayMs: 4000,
  ipBucket: 'login-failure-ip',
} as const;

/** 0, 0, 0, 1 s, 2 s, 4 s, 4 s … for 0, 1, 2, 3, 4, 5, 6 … recent failures. */
export function loginDelayMs(recentFailures: number): number {
  const beyond = recentFailures - LOGIN_THROTTLE.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(LOGIN_THROTTLE.maxDelayMs, LOGIN_THROTTLE.firstDelayMs * 2 ** (beyond - 1));
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The count key of an account; an unknown identifier gets its own key so it is delayed alike (no enumeration). */
export function loginKey(userId: string | null, identifier: string): string {
  return userId === null ? `unknown:${identifier.trim().toLowerCase()}` : `user:${userId}`;
}

/** A password check under way: counted as a failure before it ran, taken back if the password was right. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export function createLoginThrottle(
  throttle: ThrottleService,
  options: { failuresPerIp: number; sleep?: (ms: number) => Promise<void> },
) {
  const sleep = options.sleep ?? realSleep;
  return {
    /**
     * Counts the attempt as a failure of the account and of the address BEFORE the password is
     * checked, atomically (so 12 parallel guesses pay the delays of 12 sequential ones, and an address
     * past its cap is refused however many it sends at once), then waits out the delay of its place.
     */
    async beforeAttempt(key: string, ip: string): Promise<LoginAttempt> {
      const counted = await throttle.countAttempt([
        { bucket: LOGIN_THROTTLE.ipBucket, key: ip, windowMs: LOGIN_THROTTLE.windowMs, limit: options.failuresPerIp },
        { bucket: LOGIN_THROTTLE.accountBucket, key, windowMs: LOGIN_THROTTLE.windowMs },
      ]);
      if ('refused' in counted) fail('LOGIN_THROTTLED');
      const delayMs = loginDelayMs(counted.before[1] as number);
      if (delayMs > 0) await sleep(delayMs);
      return { succeeded: counted.forgive };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
