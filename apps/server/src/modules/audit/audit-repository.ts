import type { Queryable } from '../../db/database.js';

export interface AuditRecord {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
}

export function createAuditRepository(db: Queryable) {
  return {
    async insert(record: AuditRecord, at: Date): Promise<void> {
      await db.query(
        'insert into audit_log (actor_id, action, target_type, target_id, details, ip, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
        [record.actorId, record.action, record.targetType, record.targetId, JSON.stringify(record.details), record.ip, at],
      );
    },
    async list(query: { targetId?: string; limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
      const where = query.targetId === undefined ? '' : 'where a.target_id = $3';
      const params: unknown[] = [query.limit, query.offset];
      if (query.targetId !== undefined) params.push(query.targetId);
      const rows = await db.query<AuditRow>(
        `select a.id, a.actor_id, u.name as actor_name, a.action, a.target_type, a.target_id,
           -- A readable name for the target, whatever kind it is (a report: it reads the other modules' tables).
           case a.target_type
             when 'user' then case when tu.id is null then null else tu.name || ' (' || tu.mobile_no || ')' end
             when 'sport' then (select s.name from sports s where s.id::text = a.target_id)
             when 'league' then (select l.name from leagues l where l.id::text = a.target_id)
             when 'event' then (select e.name from events e where e.id::text = a.target_id)
             when 'market' then (select e.name || ' / ' || m.name from markets m join events e on e.id = m.event_id where m.id::text = a.target_id)
             when 'casino_game' then (select g.title from casino_games g where g.id::text = a.target_id)
             when 'casino_provider' then (select p.name from casino_providers p where p.code = a.target_id)
             when 'receiving_account' then (select r.account_number || ' (' || r.account_holder_name || ')' from receiving_accounts r where r.id::text = a.target_id)
           end as target_name,
           a.details, a.ip, a.created_at
         from audit_log a
         left join users u on u.id = a.actor_id
         left join users tu on a.target_type = 'user' and tu.id::text = a.target_id ${where}
         order by a.seq desc limit $1 offset $2`,
        params,
      );
      const total = await db.query<{ count: number }>(
        `select count(*)::int as count from audit_log a ${query.targetId === undefined ? '' : 'where a.target_id = $1'}`,
        query.targetId === undefined ? [] : [query.targetId],
      );
      return { rows: rows.rows, total: total.rows[0]?.count ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
