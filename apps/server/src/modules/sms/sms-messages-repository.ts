import type { Queryable } from '../../db/database.js';

/** What became of one SMS sent through a gateway (decision 0060). */
export type SmsStatus = 'refused' | 'sending' | 'sent' | 'delivered' | 'failed';

export interface SmsMessageRow {
  id: string;
  mobileNo: string;
  template: string | null;
  provider: string;
  otp: boolean;
  status: SmsStatus;
  requestId: string | null;
  reportStatus: string | null;
  reportDescription: string | null;
  error: string | null;
  voiceAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  mobile_no: string;
  template: string | null;
  provider: string;
  otp: boolean;
  status: SmsStatus;
  request_id: string | null;
  report_status: string | null;
  report_description: string | null;
  error: string | null;
  voice_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toMessage = (row: Row): SmsMessageRow => ({
  id: String(row.id),
  mobileNo: row.mobile_no,
  template: row.template,
  provider: row.provider,
  otp: row.otp,
  status: row.status,
  requestId: row.request_id,
  reportStatus: row.report_status,
  reportDescription: row.report_description,
  error: row.error,
  voiceAt: row.voice_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function createSmsMessagesRepository(db: Queryable) {
  return {
    async insert(message: {
      mobileNo: string;
      template: string | null;
      provider: string;
      otp: boolean;
      status: 'refused' | 'sending';
      error?: string;
      at: Date;
    }): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into sms_messages (mobile_no, template, provider, otp, status, error, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7) returning id`,
        [
          message.mobileNo,
          message.template,
          message.provider,
          message.otp,
          message.status,
          message.error ?? null,
          message.at,
        ],
      );
      return String(result.rows[0]?.id);
    },

    async sent(id: string, requestId: string, at: Date): Promise<void> {
      await db.query(`update sms_messages set status = 'sent', request_id = $2, updated_at = $3 where id = $1`, [
        id,
        requestId,
        at,
      ]);
    },

    async failed(id: string, error: string, at: Date): Promise<void> {
      await db.query(`update sms_messages set status = 'failed', error = $2, updated_at = $3 where id = $1`, [
        id,
        error.slice(0, 500),
        at,
      ]);
    },

    /**
     * A delivery report for one number of one request: the newest report wins, except that a final
     * answer (delivered, failed) is never taken back by a late "submitted". Answers the messages it
     * changed (none for a request id that is not ours).
     */
    async reported(report: {
      requestId: string;
      mobileNo: string;
      status: 'sent' | 'delivered' | 'failed';
      reportStatus: string;
      description: string;
      at: Date;
    }): Promise<SmsMessageRow[]> {
      const result = await db.query<Row>(
        `update sms_messages
            set status = case when status in ('delivered', 'failed') and $3 = 'sent' then status else $3 end,
                report_status = $4, report_description = $5, updated_at = $6
          where request_id = $1 and (mobile_no = $2 or right(mobile_no, 10) = right($2, 10))
          returning *`,
        [
          report.requestId,
          report.mobileNo,
          report.status,
          report.reportStatus,
          report.description.slice(0, 200),
          report.at,
        ],
      );
      return result.rows.map(toMessage);
    },

    /**
     * Claims an OTP for its voice call, once across every process: it must still be waiting (sent, not
     * delivered, no voice call yet) and be the number's latest OTP (MSG91's voice retry speaks the
     * latest; a newer one has its own fallback). Null when another process or an earlier report took it.
     */
    async claimVoice(id: string, at: Date): Promise<SmsMessageRow | null> {
      const result = await db.query<Row>(
        `update sms_messages set voice_at = $2, updated_at = $2
          where id = $1 and otp and request_id is not null and voice_at is null and status in ('sent', 'failed')
            and not exists (select 1 from sms_messages newer
                             where newer.mobile_no = sms_messages.mobile_no and newer.otp and newer.id > sms_messages.id)
          returning *`,
        [id, at],
      );
      const row = result.rows[0];
      return row === undefined ? null : toMessage(row);
    },

    /**
     * OTPs sent between `notBefore` and `cutoff`, still not reported delivered, each its number's
     * latest: due for their voice call. (Older ones have expired: a call would speak a dead code.)
     */
    async dueForVoice(cutoff: Date, notBefore: Date, limit: number): Promise<SmsMessageRow[]> {
      const result = await db.query<Row>(
        `select * from sms_messages m
          where m.otp and m.status = 'sent' and m.voice_at is null and m.created_at <= $1 and m.created_at > $2
            and not exists (select 1 from sms_messages newer
                             where newer.mobile_no = m.mobile_no and newer.otp and newer.id > m.id)
          order by m.created_at limit $3`,
        [cutoff, notBefore, limit],
      );
      return result.rows.map(toMessage);
    },

    async listFor(mobileNo: string, limit: number): Promise<SmsMessageRow[]> {
      const result = await db.query<Row>('select * from sms_messages where mobile_no = $1 order by id desc limit $2', [
        mobileNo,
        limit,
      ]);
      return result.rows.map(toMessage);
    },
  };
}
export type SmsMessagesRepository = ReturnType<typeof createSmsMessagesRepository>;
