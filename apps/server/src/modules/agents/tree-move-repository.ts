import type { Queryable } from '../../db/database.js';
import { subtreeIdsSql } from '../../db/subtree-sql.js';

export type TreeMoveStatus = 'pending' | 'confirmed' | 'rejected';

interface Party {
  id: string;
  name: string;
  username: string;
  role: number;
}

export interface TreeMoveRow {
  id: string;
  account: Party;
  from: Party;
  to: Party;
  reason: string;
  status: TreeMoveStatus;
  requested_by: string;
  requested_by_name: string;
  created_at: Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  effective_week: string | null;
}

/** An account of a subtree that moves, with its place below the moved account. */
export interface SubtreeMember {
  id: string;
  upline_id: string | null;
  role: number;
}

const party = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'username', ${alias}.username, 'role', ${alias}.role)`;

const SELECT = `select m.id, ${party('a')} as account, ${party('f')} as "from", ${party('t')} as "to", m.reason, m.status,
  m.requested_by, q.name as requested_by_name, m.created_at, m.decided_by, d.name as decided_by_name, m.decided_at,
  m.decision_note, m.effective_week::text as effective_week
  from tree_moves m
  join users a on a.id = m.user_id
  join users f on f.id = m.from_upline_id
  join users t on t.id = m.to_upline_id
  join users q on q.id = m.requested_by
  left join users d on d.id = m.decided_by`;

const partyFromDb = (value: Party): Party => ({ ...value, role: Number(value.role) });
const fromDb = (row: TreeMoveRow): TreeMoveRow => ({
  ...row,
  account: partyFromDb(row.account),
  from: partyFromDb(row.from),
  to: partyFromDb(row.to),
});

/** SQL of moves of a client or a subtree to another upline (migration 0045, decision 0066). */
export function createTreeMoveRepository(db: Queryable) {
  return {
    async insert(row: {
      userId: string;
      fromUplineId: string;
      toUplineId: string;
      reason: string;
      requestedBy: string;
      at: Date;
    }): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into tree_moves (user_id, from_upline_id, to_upline_id, reason, requested_by, created_at)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [row.userId, row.fromUplineId, row.toUplineId, row.reason, row.requestedBy, row.at],
      );
      return (result.rows[0] as { id: string }).id;
    },
    /**
     * Moves are rare: one lock makes confirmations take turns, so two crossing moves (a under x, x under a)
     * cannot both pass the "not under its own downline" check and make a cycle.
     */
    async lockMoves(): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtext('tree_moves'))");
    },
    /** `lock`: the move's row lock, so two operators cannot both decide it. */
    async find(id: string, lock = false): Promise<TreeMoveRow | null> {
      const result = await db.query<TreeMoveRow>(`${SELECT} where m.id = $1 ${lock ? 'for update of m' : ''}`, [id]);
      const row = result.rows[0];
      return row === undefined ? null : fromDb(row);
    },
    async pendingFor(userId: string): Promise<string | null> {
      const result = await db.query<{ id: string }>(
        "select id from tree_moves where user_id = $1 and status = 'pending'",
        [userId],
      );
      return result.rows[0]?.id ?? null;
    },
    async decide(
      id: string,
      decision: {
        status: 'confirmed' | 'rejected';
        by: string;
        at: Date;
        note: string | null;
        effectiveWeek: string | null;
      },
    ): Promise<void> {
      await db.query(
        `update tree_moves set status = $2, decided_by = $3, decided_at = $4, decision_note = $5, effective_week = $6::date
         where id = $1`,
        [id, decision.status, decision.by, decision.at, decision.note, decision.effectiveWeek],
      );
    },
    async list(status: TreeMoveStatus, limit: number, offset: number): Promise<{ rows: TreeMoveRow[]; total: number }> {
      const rows = await db.query<TreeMoveRow>(
        `${SELECT} where m.status = $1 order by m.created_at ${status === 'pending' ? 'asc' : 'desc'}, m.id limit $2 offset $3`,
        [status, limit, offset],
      );
      const total = await db.query<{ n: number }>('select count(*)::int as n from tree_moves where status = $1', [
        status,
      ]);
      return { rows: rows.rows.map(fromDb), total: Number(total.rows[0]?.n ?? 0) };
    },
    /** The account and every account below it, each with its upline, locked against a concurrent move. */
    async subtree(rootId: string): Promise<SubtreeMember[]> {
      const result = await db.query<SubtreeMember>(
        `select u.id, u.upline_id, u.role from users u where u.id in (${subtreeIdsSql(1)}) for update of u`,
        [rootId],
      );
      return result.rows.map((row) => ({ ...row, role: Number(row.role) }));
    },
    /** How many accounts the subtree holds, the account included. */
    async subtreeSize(rootId: string): Promise<number> {
      const result = await db.query<{ n: number }>(`select count(*)::int as n from (${subtreeIdsSql(1)}) s`, [rootId]);
      return Number(result.rows[0]?.n ?? 0);
    },
    /** The account's credit reference (0 without a credit line). */
    async creditRefOf(userId: string): Promise<number> {
      const result = await db.query<{ credit_ref_paise: string }>(
        'select credit_ref_paise from credit_lines where user_id = $1',
        [userId],
      );
      return Number(result.rows[0]?.credit_ref_paise ?? 0);
    },
    /** Deposits and withdrawals still waiting for a decision by someone in the accounts' old upline chain. */
    async pendingMoneyRequests(userIds: string[]): Promise<number> {
      const result = await db.query<{ n: number }>(
        `select (select count(*) from deposit_requests where status = 'pending' and user_id = any($1::uuid[]))
              + (select count(*) from withdrawal_requests where status = 'pending' and user_id = any($1::uuid[])) as n`,
        [userIds],
      );
      return Number(result.rows[0]?.n ?? 0);
    },
    /** Moves the account (and so its whole subtree) under its new upline. */
    async setUpline(userId: string, uplineId: string): Promise<void> {
      await db.query('update users set upline_id = $2 where id = $1', [userId, uplineId]);
    },
  };
}
