import type { Queryable } from '../../db/database.js';

export interface SimSession {
  token: string;
  user_id: string;
  game_code: string;
  currency: string;
}
export interface SimTransaction {
  transaction_uuid: string;
  reference_transaction_uuid: string | null;
  user_id: string;
  round: string;
  game_code: string;
  type: 'bet' | 'win' | 'rollback';
  amount: number;
  currency: string;
  status: 'TS_SUCCESS' | 'TS_DECLINED' | 'TS_PENDING';
  answer: string | null;
  created_at: Date;
}

/** The simulator's books: its game sessions and the wallet transactions it sent (and how they ended). */
export function createHub88SimRepository(db: Queryable) {
  return {
    async openSession(session: SimSession, at: Date): Promise<void> {
      await db.query(
        `insert into hub88_sim_sessions (token, user_id, game_code, currency, created_at) values ($1, $2, $3, $4, $5)
         on conflict (token) do update set game_code = excluded.game_code`,
        [session.token, session.user_id, session.game_code, session.currency, at],
      );
    },
    async session(token: string): Promise<SimSession | null> {
      const result = await db.query<SimSession>(
        'select token, user_id, game_code, currency from hub88_sim_sessions where token = $1',
        [token],
      );
      return result.rows[0] ?? null;
    },
    async record(transaction: Omit<SimTransaction, 'status' | 'answer' | 'created_at'>, at: Date): Promise<void> {
      await db.query(
        `insert into hub88_sim_transactions (transaction_uuid, reference_transaction_uuid, user_id, round, game_code, type, amount, currency, status, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'TS_PENDING', $9, $9)`,
        [
          transaction.transaction_uuid,
          transaction.reference_transaction_uuid,
          transaction.user_id,
          transaction.round,
          transaction.game_code,
          transaction.type,
          transaction.amount,
          transaction.currency,
          at,
        ],
      );
    },
    async settle(
      transactionUuid: string,
      status: SimTransaction['status'],
      answer: string | null,
      at: Date,
    ): Promise<void> {
      await db.query(
        'update hub88_sim_transactions set status = $2, answer = $3, attempts = attempts + 1, updated_at = $4 where transaction_uuid = $1',
        [transactionUuid, status, answer, at],
      );
    },
    /** Wins and rollbacks still waiting for an answer (the aggregator retries them until one comes). */
    async pending(limit: number): Promise<SimTransaction[]> {
      const result = await db.query<SimTransaction>(
        `select * from hub88_sim_transactions where status = 'TS_PENDING' and type <> 'bet' order by created_at limit $1`,
        [limit],
      );
      return result.rows.map((row) => ({ ...row, amount: Number(row.amount) }));
    },
    async between(from: Date, to: Date): Promise<SimTransaction[]> {
      const result = await db.query<SimTransaction>(
        'select * from hub88_sim_transactions where created_at >= $1 and created_at < $2 order by created_at, transaction_uuid',
        [from, to],
      );
      return result.rows.map((row) => ({ ...row, amount: Number(row.amount) }));
    },
  };
}
