import type { Queryable } from '../../db/database.js';
import type { ReportScope } from './report-sql.js';
import { SqlParams, scopeClause } from './report-sql.js';

export interface ExposureLine {
  market_id: string;
  market: string;
  market_type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  status: string;
  event: string;
  sport: string;
  players: number;
  liability_paise: number;
  /** Every runner of the market in its order, with the scope's players' summed matched result if it wins. */
  runners: { runnerId: string; name: string; paise: number }[];
}

/**
 * The scope's live positions on every market not yet settled or voided, summed in SQL from the
 * per-player rows the betting path keeps current (`market_exposures`: reserved exposure and the
 * matched result per runner), so no bet is read.
 */
export function createExposureRepository(db: Queryable) {
  return {
    async openMarkets(scope: ReportScope): Promise<ExposureLine[]> {
      const params = new SqlParams();
      const result = await db.query<ExposureLine>(
        `with scoped as (
           select me.user_id, me.market_id, me.exposure_paise, me.outcomes
           from market_exposures me join markets m on m.id = me.market_id
           where m.status not in ('settled', 'voided') and (me.exposure_paise <> 0 or me.outcomes <> '{}'::jsonb)${scopeClause('me.user_id', scope, params)}
         ),
         per_market as (
           select market_id, count(distinct user_id)::int as players, sum(exposure_paise)::bigint as liability_paise from scoped group by market_id
         ),
         per_runner as (
           select s.market_id, o.key as runner_id, sum(o.value::bigint)::bigint as paise
           from scoped s cross join lateral jsonb_each_text(s.outcomes) o group by 1, 2
         )
         select m.id as market_id, m.name as market, m.type as market_type, m.status, e.name as event, sp.name as sport, a.players, a.liability_paise,
           coalesce((select json_agg(json_build_object('runnerId', r.id, 'name', r.name, 'paise', coalesce(pr.paise, 0)) order by r.sort_order, r.id)
                     from runners r left join per_runner pr on pr.market_id = r.market_id and pr.runner_id = r.id::text
                     where r.market_id = m.id), '[]'::json) as runners
         from per_market a
         join markets m on m.id = a.market_id
         join events e on e.id = m.event_id
         join leagues l on l.id = e.league_id
         join sports sp on sp.id = l.sport_id
         order by a.liability_paise, m.id`,
        params.values,
      );
      return result.rows.map((row) => ({
        ...row,
        runners: typeof row.runners === 'string' ? (JSON.parse(row.runners) as ExposureLine['runners']) : row.runners,
      }));
    },
  };
}
export type ExposureRepository = ReturnType<typeof createExposureRepository>;
