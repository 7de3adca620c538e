import type { Queryable } from '../../db/database.js';

export interface OutboxMessage {
  mobile_no: string;
  body: string;
  createdAt: string;
}

export function createSmsRepository(db: Queryable) {
  return {
    async insert(mobileNo: string, body: string, at: Date): Promise<void> {
      await db.query('insert into sms_outbox (mobile_no, body, created_at) values ($1, $2, $3)', [mobileNo, body, at]);
    },
    async listFor(mobileNo: string, limit: number): Promise<OutboxMessage[]> {
      const result = await db.query<{ mobile_no: string; body: string; created_at: Date }>(
        'select mobile_no, body, created_at from sms_outbox where mobile_no = $1 order by id desc limit $2',
        [mobileNo, limit],
      );
      return result.rows.map((row) => ({
        mobile_no: row.mobile_no,
        body: row.body,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
