import type { Queryable } from '../../db/database.js';

export type HouseMoneyKind = 'chips' | 'credit' | 'settlement';
export type HouseMoneyAction = 'give' | 'take' | 'settle';

export interface HouseMoneyRow {
  id: string;
  kind: HouseMoneyKind;
  action: HouseMoneyAction;
  target_id: string;
  target_name: string;
  target_username: string;
  target_role: number;
  amount_paise: number;
  note: string | null;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: string;
  requested_by_name: string;
  decided_by: string | null;
  decided_by_name: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const SELECT = `select r.id, r.kind, r.action, r.target_id, t.name as target_name, t.username as target_username,
  t.role as target_role, r.amount_paise, r.note, r.status, r.requested_by, q.name as requested_by_name, r.decided_by,
  d.name as decided_by_name, r.created_at, r.decided_at
  from house_money_requests r
  join users t on t.id = r.target_id
  join users q on q.id = r.requested_by
  left join users d on d.id = r.decided_by`;

function fromDb(row: HouseMoneyRow): HouseMoneyRow {
  return { ...row, amount_paise: Number(row.amount_paise), target_role: Number(row.target_role) };
}

/** SQL of house money waiting for a second operator (migration 0028, decision 0044). */
export function createHouseMoneyRepository(db: Queryable) {
  return {
    async insert(row: {
      kind: HouseMoneyKind;
      action: HouseMoneyAction;
      targetId: string;
      amountPaise: number;
      note: string | null;
      requestedBy: string;
      at: Date;
    }): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into house_money_requests (kind, action, target_id, amount_paise, note, requested_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [row.kind, row.action, row.targetId, row.amountPaise, row.note, row.requestedBy, row.at],
      );
      return (result.rows[0] as { id: string }).id;
    },
    /** `lock`: the request's row lock, so two approvers cannot both apply it. */
    async find(id: string, lock = false): Promise<HouseMoneyRow | null> {
      const result = await db.query<HouseMoneyRow>(`${SELECT} where r.id = $1 ${lock ? 'for update of r' : ''}`, [id]);
      const row = result.rows[0];
      return row === undefined ? null : fromDb(row);
    },
    async decide(id: string, status: 'applied' | 'rejected', by: string, at: Date): Promise<void> {
      await db.query(`update house_money_requests set status = $2, decided_by = $3, decided_at = $4 where id = $1`, [
        id,
        status,
        by,
        at,
      ]);
    },
    async list(
      status: 'pending' | 'applied' | 'rejected',
      limit: number,
      offset: number,
    ): Promise<{ rows: HouseMoneyRow[]; total: number }> {
      const rows = await db.query<HouseMoneyRow>(
        `${SELECT} where r.status = $1 order by r.seq ${status === 'pending' ? 'asc' : 'desc'} limit $2 offset $3`,
        [status, limit, offset],
      );
      const total = await db.query<{ n: number }>(
        'select count(*)::int as n from house_money_requests where status = $1',
        [status],
      );
      return { rows: rows.rows.map(fromDb), total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}
export type HouseMoneyRepository = ReturnType<typeof createHouseMoneyRepository>;
