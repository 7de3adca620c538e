import { OTP_LENGTH, OTP_RESEND_COUNTDOWN_SECONDS } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import { hmacHex, newNumericCode, newOpaqueToken, safeEqualHex } from '../../lib/crypto.js';
import { otpText } from '../sms/dlt-templates.js';
import type { SmsSender } from '../sms/sms-service.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import type { IdentityRepository } from './identity-repository.js';

export type OtpPurpose = 'verify' | 'reset';

/** PRODUCT.md §7: 5 minutes, 5 tries a code, 10 failures a number a day, sends throttled per number and IP. */
export const OTP_RULES = {
  ttlMs: 5 * 60 * 1000,
  maxAttemptsPerCode: 5,
  dailyFailures: { bucket: 'otp-failure', limit: 10, windowMs: 24 * 60 * 60 * 1000 },
  minSendIntervalMs: OTP_RESEND_COUNTDOWN_SECONDS * 1000,
  sendsPerNumber: { bucket: 'otp-send-number', limit: 5, windowMs: 60 * 60 * 1000 },
  sendsPerIp: { bucket: 'otp-send-ip', limit: 20, windowMs: 60 * 60 * 1000 },
} as const;

export function createOtpService(deps: {
  repository: IdentityRepository;
  throttle: ThrottleService;
  sms: SmsSender;
  clock: Clock;
  siteName: () => Promise<string>;
  sendsPerIpPerHour?: number;
}) {
  const { repository, throttle, sms, clock } = deps;
  const sendsPerIp = { ...OTP_RULES.sendsPerIp, limit: deps.sendsPerIpPerHour ?? OTP_RULES.sendsPerIp.limit };
  let secret: Promise<string> | null = null;
  // One secret for every process, made on first use and kept in the database.
  const hmacSecret = () => (secret ??= repository.serverSecret('otp-hmac', newOpaqueToken()));
  const codeHash = async (mobileNo: string, purpose: OtpPurpose, code: string) =>
    hmacHex(await hmacSecret(), `${purpose}:${mobileNo}:${code}`);

  return {
    /** Sends a new code (the previous live one for the same purpose stops working). */
    async issue(mobileNo: string, purpose: OtpPurpose, ip: string): Promise<void> {
      if (await throttle.isExceeded(OTP_RULES.dailyFailures, mobileNo)) fail('OTP_DAILY_LIMIT');
      const sinceLast = await throttle.msSinceLatest(OTP_RULES.sendsPerNumber.bucket, mobileNo);
      if (sinceLast !== null && sinceLast < OTP_RULES.minSendIntervalMs) fail('OTP_SEND_THROTTLED');
      if (await throttle.isExceeded(OTP_RULES.sendsPerNumber, mobileNo)) fail('OTP_SEND_THROTTLED');
      if (await throttle.isExceeded(sendsPerIp, ip)) fail('OTP_SEND_THROTTLED');

      const now = clock.now();
      const code = newNumericCode(OTP_LENGTH);
      await repository.supersedeOtps(mobileNo, purpose, now);
      await repository.insertOtp({
        mobileNo,
        purpose,
        codeHash: await codeHash(mobileNo, purpose, code),
        now,
        expiresAt: new Date(now.getTime() + OTP_RULES.ttlMs),
      });
      const site = await deps.siteName();
      // A send the gateway did not take (SMS_NOT_SENT, decision 0060) is not counted: "try again in a moment" must work.
      await sms.send(mobileNo, otpText(code, site, purpose));
      await throttle.record(OTP_RULES.sendsPerNumber.bucket, mobileNo);
      await throttle.record(OTP_RULES.sendsPerIp.bucket, ip);
    },

    /** Spends the live code when it matches; otherwise counts the failure and says why. */
    async verify(mobileNo: string, purpose: OtpPurpose, code: string): Promise<void> {
      if (await throttle.isExceeded(OTP_RULES.dailyFailures, mobileNo)) fail('OTP_DAILY_LIMIT');
      const live = await repository.latestLiveOtp(mobileNo, purpose);
      if (live === null) return failAttempt();
      if (live.attempts >= OTP_RULES.maxAttemptsPerCode) fail('OTP_ATTEMPTS_EXCEEDED');
      if (live.expires_at.getTime() <= clock.now().getTime()) fail('OTP_EXPIRED');
      // The try is counted before the code is compared, atomically: tries sent at once get at most 5
      // comparisons, as tries sent one by one (decision 0040). Null: used up, or spent a moment ago.
      const attempts = await repository.countOtpAttempt(live.id, OTP_RULES.maxAttemptsPerCode);
      if (attempts === null) fail('OTP_ATTEMPTS_EXCEEDED');

      if (safeEqualHex(live.code_hash, await codeHash(mobileNo, purpose, code))) {
        if (await repository.consumeOtp(live.id, clock.now())) return;
        return failAttempt(); // spent by a concurrent request a moment ago: a replay
      }
      await throttle.record(OTP_RULES.dailyFailures.bucket, mobileNo);
      if (attempts >= OTP_RULES.maxAttemptsPerCode) fail('OTP_ATTEMPTS_EXCEEDED');
      fail('OTP_INVALID');

      async function failAttempt(): Promise<never> {
        await throttle.record(OTP_RULES.dailyFailures.bucket, mobileNo);
        fail('OTP_INVALID');
      }
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
