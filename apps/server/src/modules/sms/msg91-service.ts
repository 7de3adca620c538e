import { fail } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { DltRegistry } from './dlt-templates.js';
import type { DeliveryReport, Msg91Sender } from './msg91-sms.js';
import { reportOutcome } from './msg91-sms.js';
import type { SmsMessagesRepository, SmsStatus } from './sms-messages-repository.js';
import type { SmsSender } from './sms-service.js';

/**
 * SMS_ADAPTER=msg91 (decision 0060): the product's SmsSender through MSG91, with a row per message in
 * sms_messages. A text that matches no registered DLT template is refused before MSG91 is asked (kept
 * as `refused`); a send MSG91 refuses or that stays unanswered through its retries is `failed`, and
 * the player is told to try again (SMS_NOT_SENT) instead of waiting for a code that will not come.
 * Delivery reports update the row. An OTP not reported delivered within the fallback, or reported
 * failed, is sent again as a voice call, once across every process (the row is claimed first).
 */
/** An OTP lives 5 minutes (PRODUCT.md §7): past that, a voice call would speak a dead code. */
const OTP_LIFETIME_MS = 5 * 60 * 1000;

export function createMsg91SmsService(deps: {
  sender: Msg91Sender;
  registry: DltRegistry;
  repository: SmsMessagesRepository;
  clock: Clock;
  /** An OTP not reported delivered within this many ms goes to voice; null: never. */
  voiceFallbackMs: number | null;
  log?: (message: string, error?: unknown) => void;
  /** Told of each message's outcome as it is known (metrics). */
  onOutcome?: (status: SmsStatus | 'voice') => void;
}) {
  const { sender, registry, repository, clock } = deps;
  let log = deps.log ?? (() => undefined);
  let sweeping: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function voice(id: string): Promise<void> {
    const claimed = await repository.claimVoice(id, clock.now());
    if (claimed === null) return;
    deps.onOutcome?.('voice');
    await sender.voice(claimed.mobileNo).catch((error: unknown) => log('MSG91 voice fallback failed', error));
  }

  const service = {
    async send(mobileNo: string, body: string): Promise<void> {
      const matched = registry.match(body);
      if (matched === null) {
        await repository.insert({
          mobileNo,
          template: null,
          provider: 'msg91',
          otp: false,
          status: 'refused',
          error: 'no registered DLT template matches the text',
          at: clock.now(),
        });
        deps.onOutcome?.('refused');
        log('SMS refused before sending: no registered DLT template matches it (SMS_DLT_TEMPLATES)');
        fail('SMS_NOT_SENT');
      }
      const { template } = matched;
      const id = await repository.insert({
        mobileNo,
        template: template.name,
        provider: 'msg91',
        otp: template.otp,
        status: 'sending',
        at: clock.now(),
      });
      try {
        const { requestId } = await sender.send(mobileNo, body);
        await repository.sent(id, requestId, clock.now());
        deps.onOutcome?.('sent');
      } catch (error) {
        await repository.failed(id, error instanceof Error ? error.message : String(error), clock.now());
        deps.onOutcome?.('failed');
        log('MSG91 did not take the SMS', error);
        fail('SMS_NOT_SENT');
      }
    },

    /** Delivery reports from the webhook: each updates its message; a failed OTP goes to voice at once. Answers how many were ours. */
    async reported(reports: readonly DeliveryReport[]): Promise<number> {
      let ours = 0;
      for (const report of reports) {
        const status = reportOutcome(report.status);
        const changed = await repository.reported({
          requestId: report.requestId,
          mobileNo: report.mobileNo,
          status,
          reportStatus: report.status,
          description: report.description,
          at: clock.now(),
        });
        ours += changed.length;
        for (const message of changed) {
          if (status !== 'sent') deps.onOutcome?.(status);
          if (status === 'failed' && message.otp && deps.voiceFallbackMs !== null) await voice(message.id);
        }
      }
      return ours;
    },

    /** OTPs past the fallback with no delivery: each to voice (run every few seconds by the app). */
    async sweepVoice(): Promise<void> {
      if (deps.voiceFallbackMs === null) return;
      const now = clock.now().getTime();
      const due = await repository.dueForVoice(
        new Date(now - deps.voiceFallbackMs),
        new Date(now - OTP_LIFETIME_MS),
        100,
      );
      for (const message of due) await voice(message.id);
    },

    /** Runs the voice sweep every `everyMs` (never two at once in this process). */
    start(everyMs: number): void {
      if (deps.voiceFallbackMs === null || timer !== null) return;
      timer = setInterval(() => {
        sweeping ??= service
          .sweepVoice()
          .catch((error: unknown) => log('SMS voice fallback sweep failed', error))
          .finally(() => (sweeping = null));
      }, everyMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await sweeping;
    },

    /** Where its warnings go (the app's logger, once there is one). */
    logTo(write: (message: string, error?: unknown) => void): void {
      log = write;
    },

    messages: (mobileNo: string) => repository.listFor(mobileNo, 20),
  } satisfies SmsSender & Record<string, unknown>;
  return service;
}
export type Msg91SmsService = ReturnType<typeof createMsg91SmsService>;
