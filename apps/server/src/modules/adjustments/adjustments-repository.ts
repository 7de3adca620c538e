import type { Queryable } from '../../db/database.js';

export interface AdjustmentRow {
  id: string;
  user_id: string;
  wallet: 'main' | 'bonus';
  amount_paise: number;
  reason: string;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: string;
  approved_by: string | null;
  created_at: Date;
}

const COLUMNS = 'id, user_id, wallet, amount_paise, reason, status, requested_by, approved_by, created_at';

export function createAdjustmentsRepository(db: Queryable) {
  return {
    async insert(row: {
      userId: string;
      wallet: 'main' | 'bonus';
      amountPaise: number;
      reason: string;
      requestedBy: string;
      at: Date;
    }): Promise<AdjustmentRow> {
      const result = await db.query<AdjustmentRow>(
        `insert into adjustments (user_id, wallet, amount_paise, reason, requested_by, created_at) values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
        [row.userId, row.wallet, row.amountPaise, row.reason, row.requestedBy, row.at],
      );
      return result.rows[0] as AdjustmentRow;
    },
    async find(id: string, forUpdate = false): Promise<AdjustmentRow | null> {
      const result = await db.query<AdjustmentRow>(
        `select ${COLUMNS} from adjustments where id = $1 ${forUpdate ? 'for update' : ''}`,
        [id],
      );
      return result.rows[0] ?? null;
    },
    async listForUser(userId: string): Promise<AdjustmentRow[]> {
      const result = await db.query<AdjustmentRow>(
        `select ${COLUMNS} from adjustments where user_id = $1 order by seq desc limit 200`,
        [userId],
      );
      return result.rows;
    },
    async decide(id: string, status: 'applied' | 'rejected', approvedBy: string, at: Date): Promise<AdjustmentRow> {
      const result = await db.query<AdjustmentRow>(
        `update adjustments set status = $2, approved_by = $3, decided_at = $4 where id = $1 returning ${COLUMNS}`,
        [id, status, approvedBy, at],
      );
      return result.rows[0] as AdjustmentRow;
    },
  };
}
