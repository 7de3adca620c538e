import type { Queryable } from '../../db/database.js';
import { subtreeIdsSql } from '../../db/subtree-sql.js';

export interface AuditRecord {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  /** The browser of a sign-in or of the operator's request, when known. */
  userAgent?: string | null;
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
  user_agent: string | null;
  created_at: Date;
}

/** Filters as the service resolved them: dates are a half-open UTC range. */
export interface AuditFilter {
  targetId?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An agent's downline root: only actions by or on accounts in it (decision 0018); null, everything. */
  within?: string | null | undefined;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The entries with readable actor and target names (a report: it reads the other modules' tables). */
const NAMED_ENTRIES = `
  select a.id, a.seq, a.actor_id, a.action, a.target_type, a.target_id, a.details, a.ip, a.user_agent, a.created_at,
    case when u.id is null then null else u.name || ' (' || u.mobile_no || ')' end as actor_name,
    u.username as actor_username, u.name as actor_plain_name,
    case a.target_type
      when 'user' then case when tu.id is null then null else tu.name || ' (' || tu.mobile_no || ')' end
      when 'sport' then (select s.name from sports s where s.id::text = a.target_id)
      when 'league' then (select l.name from leagues l where l.id::text = a.target_id)
      when 'event' then (select e.name from events e where e.id::text = a.target_id)
      when 'market' then (select e.name || ' / ' || m.name from markets m join events e on e.id = m.event_id where m.id::text = a.target_id)
      when 'casino_game' then (select g.title from casino_games g where g.id::text = a.target_id)
      when 'casino_provider' then (select p.name from casino_providers p where p.code = a.target_id)
      when 'receiving_account' then (select r.account_number || ' (' || r.account_holder_name || ')' from receiving_accounts r where r.id::text = a.target_id)
    end as target_name
  from audit_log a
  left join users u on u.id = a.actor_id
  left join users tu on a.target_type = 'user' and tu.id::text = a.target_id`;

export function createAuditRepository(db: Queryable) {
  return {
    async insert(record: AuditRecord, at: Date): Promise<void> {
      await db.query(
        'insert into audit_log (actor_id, action, target_type, target_id, details, ip, user_agent, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          record.actorId,
          record.action,
          record.targetType,
          record.targetId,
          JSON.stringify(record.details),
          record.ip,
          record.userAgent?.slice(0, 300) ?? null,
          at,
        ],
      );
    },
    async list(query: AuditFilter & { limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      // What the caller may see of the actor: everything, or for an agent (issue 24) the name alone of an
      // actor outside its downline (an operator, an upline): never their mobile number, address or browser.
      let actorName = 'x.actor_name';
      let actorUsername = 'x.actor_username';
      let ip = 'x.ip';
      let userAgent = 'x.user_agent';
      if (query.within !== undefined && query.within !== null) {
        // An agent's view (decision 0018): actions by someone in its downline (itself included) or on one.
        const root = param(query.within);
        const subtree = subtreeIdsSql(Number(root.slice(1)));
        where.push(
          `(x.actor_id in (${subtree}) or (x.target_type = 'user' and x.target_id in (select id::text from (${subtree}) s)))`,
        );
        const inside = `x.actor_id in (${subtree})`;
        actorName = `case when ${inside} then x.actor_name else x.actor_plain_name end`;
        actorUsername = `case when ${inside} then x.actor_username else null end`;
        ip = `case when ${inside} then x.ip else null end`;
        userAgent = `case when ${inside} then x.user_agent else null end`;
      }
      if (query.targetId !== undefined) where.push(`x.target_id = ${param(query.targetId)}`);
      if (query.action !== undefined) where.push(`x.action = ${param(query.action)}`);
      if (query.from !== undefined) where.push(`x.created_at >= ${param(query.from)}`);
      if (query.to !== undefined) where.push(`x.created_at < ${param(query.to)}`);
      if (query.actor !== undefined) {
        const exact = param(query.actor);
        const like = param(likePattern(query.actor));
        where.push(`(x.actor_id::text = ${exact} or ${actorName} ilike ${like} or ${actorUsername} ilike ${like})`);
      }
      if (query.target !== undefined) {
        const exact = param(query.target);
        where.push(`(x.target_id = ${exact} or x.target_name ilike ${param(likePattern(query.target))})`);
      }
      const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
      const total = await db.query<{ count: number }>(
        `select count(*)::int as count from (${NAMED_ENTRIES}) x ${clause}`,
        params,
      );
      const rows = await db.query<AuditRow>(
        `select x.id, x.actor_id, ${actorName} as actor_name, x.action, x.target_type, x.target_id, x.target_name, x.details,
           ${ip} as ip, ${userAgent} as user_agent, x.created_at
         from (${NAMED_ENTRIES}) x ${clause}
         order by x.seq desc limit ${param(query.limit)} offset ${param(query.offset)}`,
        params,
      );
      return { rows: rows.rows, total: total.rows[0]?.count ?? 0 };
    },
    async actions(): Promise<string[]> {
      const result = await db.query<{ action: string }>('select distinct action from audit_log order by action');
      return result.rows.map((row) => row.action);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
