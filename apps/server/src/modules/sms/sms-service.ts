import type { Clock } from '../../lib/clock.js';
import type { OutboxMessage, SmsRepository } from './sms-repository.js';

/** Where text messages go. A real gateway adapter implements the same interface. */
export interface SmsSender {
  send(mobileNo: string, body: string): Promise<void>;
}

/**
 * The default adapter keeps messages in the database. Outside production mode they can be read at
 * GET /api/dev/sms-outbox, which is how a developer, a demo and the tests see OTPs.
 */
export function createOutboxSmsService(repository: SmsRepository, clock: Clock) {
  return {
    async send(mobileNo: string, body: string): Promise<void> {
      await repository.insert(mobileNo, body, clock.now());
    },
    async outbox(mobileNo: string): Promise<OutboxMessage[]> {
      return repository.listFor(mobileNo, 20);
    },
  };
}
export type OutboxSmsService = ReturnType<typeof createOutboxSmsService>;
