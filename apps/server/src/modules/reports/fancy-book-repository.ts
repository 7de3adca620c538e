import type { Queryable } from '../../db/database.js';
import type { ReportScope } from './report-sql.js';
import { SqlParams, scopeClause } from './report-sql.js';

export interface FancyLineRow {
  id: string;
  name: string;
  event: string;
  status: string;
}

export interface FancyBetRow {
  user_id: string;
  side: 'back' | 'lay';
  line_runs: number;
  rate_h: number;
  stake_paise: number;
}

/** One fancy line and the scope's open (matched, not yet settled) bets on it: the fancy book's inputs. */
export function createFancyBookRepository(db: Queryable) {
  return {
    async line(marketId: string): Promise<FancyLineRow | null> {
      const result = await db.query<FancyLineRow>(
        `select m.id, m.name, e.name as event, m.status from markets m join events e on e.id = m.event_id
         where m.id = $1 and m.type = 'FANCY'`,
        [marketId],
      );
      return result.rows[0] ?? null;
    },

    async openBets(marketId: string, scope: ReportScope): Promise<FancyBetRow[]> {
      const params = new SqlParams();
      const market = params.add(marketId);
      const result = await db.query<FancyBetRow>(
        `select b.user_id, b.side, b.line_runs, b.rate_h, b.stake_paise from bets b
         where b.market_id = ${market} and b.status = 'matched'${scopeClause('b.user_id', scope, params)}`,
        params.values,
      );
      return result.rows.map((row) => ({
        ...row,
        line_runs: Number(row.line_runs),
        rate_h: Number(row.rate_h),
        stake_paise: Number(row.stake_paise),
      }));
    },
  };
}
