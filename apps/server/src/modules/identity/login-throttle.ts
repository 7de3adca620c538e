import { fail } from '../../lib/app-error.js';
import type { ThrottleService } from '../throttle/throttle-service.js';

/**
 * Failed-password throttling that cannot lock the right owner out (docs/decisions/0012).
 *
 * Failures are counted per ACCOUNT (its id, so its mobile number and its username share one count)
 * over a sliding window. Each attempt on an account with recent failures first waits a delay that grows
 * with them and is capped at a few seconds; then the password is checked, and the right one succeeds.
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

export function createLoginThrottle(
  throttle: ThrottleService,
  options: { failuresPerIp: number; sleep?: (ms: number) => Promise<void> },
) {
  const sleep = options.sleep ?? realSleep;
  const perIp = { bucket: LOGIN_THROTTLE.ipBucket, limit: options.failuresPerIp, windowMs: LOGIN_THROTTLE.windowMs };
  return {
    /** Refuses an address past its abuse cap, else waits out the account's current delay. */
    async beforeAttempt(key: string, ip: string): Promise<void> {
      if (await throttle.isExceeded(perIp, ip)) fail('LOGIN_THROTTLED');
      const failures = await throttle.countWithin(LOGIN_THROTTLE.accountBucket, key, LOGIN_THROTTLE.windowMs);
      const delayMs = loginDelayMs(failures);
      if (delayMs > 0) await sleep(delayMs);
    },
    async recordFailure(key: string, ip: string): Promise<void> {
      await throttle.record(LOGIN_THROTTLE.accountBucket, key);
      await throttle.record(LOGIN_THROTTLE.ipBucket, ip);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
