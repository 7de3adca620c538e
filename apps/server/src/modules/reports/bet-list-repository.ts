import type { Queryable } from '../../db/database.js';
import type { ReportScope } from './report-sql.js';
import { SqlParams, scopeClause } from './report-sql.js';

export interface BetListFilter {
  userId?: string;
  /** A username or mobile number, or the start of one. */
  player?: string;
  marketId?: string;
  minStakePaise?: number;
  maxStakePaise?: number;
  from?: Date;
  to?: Date;
  statuses?: readonly string[];
  limit: number;
  offset: number;
}

export interface BetListLine {
  id: string;
  user_id: string;
  username: string;
  sport: string;
  event: string;
  market_id: string;
  market: string;
  market_type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  runner: string | null;
  side: 'back' | 'lay';
  price_h: number | null;
  rate_h: number | null;
  line_runs: number | null;
  stake_paise: number;
  matched_paise: number;
  /** Σ(fill stake in paise × fill price in hundredths), exchange bets. */
  matched_price_sum: number;
  status: 'pending' | 'unmatched' | 'matched' | 'cancelled' | 'lapsed' | 'settled' | 'voided';
  profit_loss_paise: number | null;
  created_at: Date;
  settled_at: Date | null;
}

export interface SessionLine {
  id: string;
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
  last_seen_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  expires_at: Date;
}

/** `%` and `_` are literal in a player filter. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The risk manager's bet list and a player's sessions, filtered and paged in SQL. */
export function createBetListRepository(db: Queryable) {
  return {
    async bets(scope: ReportScope, filter: BetListFilter): Promise<{ lines: BetListLine[]; total: number }> {
      const params = new SqlParams();
      const conditions: string[] = ['true'];
      if (filter.userId !== undefined) conditions.push(`b.user_id = ${params.add(filter.userId)}`);
      if (filter.player !== undefined) {
        const pattern = params.add(likePrefix(filter.player.toLowerCase()));
        conditions.push(`(lower(u.username) like ${pattern} or u.mobile_no like ${pattern})`);
      }
      if (filter.marketId !== undefined) conditions.push(`b.market_id = ${params.add(filter.marketId)}`);
      if (filter.minStakePaise !== undefined) conditions.push(`b.stake_paise >= ${params.add(filter.minStakePaise)}`);
      if (filter.maxStakePaise !== undefined) conditions.push(`b.stake_paise <= ${params.add(filter.maxStakePaise)}`);
      if (filter.from !== undefined) conditions.push(`b.created_at >= ${params.add(filter.from)}`);
      if (filter.to !== undefined) conditions.push(`b.created_at < ${params.add(filter.to)}`);
      if (filter.statuses !== undefined) conditions.push(`b.status = any(${params.add(filter.statuses)}::text[])`);
      const where = conditions.join(' and ') + scopeClause('b.user_id', scope, params);
      const count = await db.query<{ total: number }>(
        `select count(*)::int as total from bets b join users u on u.id = b.user_id where ${where}`,
        params.values,
      );
      const limit = params.add(filter.limit);
      const offset = params.add(filter.offset);
      const result = await db.query<BetListLine>(
        `select b.id, b.user_id, u.username, sp.name as sport, e.name as event, b.market_id, m.name as market, m.type as market_type, r.name as runner,
           b.side, b.price_h, b.rate_h, b.line_runs, b.stake_paise, b.matched_paise, b.matched_price_sum, b.status, b.profit_loss_paise, b.created_at, b.settled_at
         from bets b
         join users u on u.id = b.user_id
         join markets m on m.id = b.market_id
         join events e on e.id = b.event_id
         join leagues l on l.id = e.league_id
         join sports sp on sp.id = l.sport_id
         left join runners r on r.id = b.runner_id
         where ${where}
         order by b.created_at desc, b.seq desc
         limit ${limit} offset ${offset}`,
        params.values,
      );
      return { lines: result.rows, total: count.rows[0]?.total ?? 0 };
    },

    /** True when the account exists and lies in the scope. */
    async inScope(scope: ReportScope, userId: string): Promise<boolean> {
      const params = new SqlParams();
      const id = params.add(userId);
      const result = await db.query(
        `select 1 from users u where u.id = ${id}${scopeClause('u.id', scope, params)}`,
        params.values,
      );
      return result.rowCount > 0;
    },

    /** The account's sessions (each a sign-in with its address and user agent), newest first. */
    async sessions(userId: string, limit: number, offset: number): Promise<{ lines: SessionLine[]; total: number }> {
      const count = await db.query<{ total: number }>(
        'select count(*)::int as total from sessions where user_id = $1',
        [userId],
      );
      const result = await db.query<SessionLine>(
        `select id, created_at, ip, user_agent, last_seen_at, revoked_at, revoke_reason, expires_at
         from sessions where user_id = $1 order by created_at desc, id limit $2 offset $3`,
        [userId, limit, offset],
      );
      return { lines: result.rows, total: count.rows[0]?.total ?? 0 };
    },
  };
}
export type BetListRepository = ReturnType<typeof createBetListRepository>;
