import type { Queryable } from '../../db/database.js';

/**
 * The few reads behind the scraped gauges and the readiness check. Read-only and cheap: the pending
 * requests by their (status, seq) indexes, the postings from the journal's sequence (no table scan).
 */
export function createOpsRepository(db: Queryable) {
  return {
    async pendingRequests(): Promise<{ deposits: number; withdrawals: number }> {
      const result = await db.query<{ deposits: number; withdrawals: number }>(
        `select (select count(*) from deposit_requests where status = 'pending')::int as deposits,
                (select count(*) from withdrawal_requests where status = 'pending')::int as withdrawals`,
      );
      return result.rows[0] ?? { deposits: 0, withdrawals: 0 };
    },
    /** The last journal transaction id handed out (0 before the first): rises by one per posting. */
    async postings(): Promise<number> {
      const result = await db.query<{ value: number }>(
        'select case when is_called then last_value else 0 end::int8 as value from journal_transactions_id_seq',
      );
      return result.rows[0]?.value ?? 0;
    },
    async ping(): Promise<void> {
      await db.query('select 1');
    },
    async appliedMigrations(): Promise<string[]> {
      const result = await db.query<{ id: string }>('select id from schema_migrations');
      return result.rows.map((row) => row.id);
    },
  };
}
export type OpsRepository = ReturnType<typeof createOpsRepository>;
