import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';

/** The journal kinds that are a player's sports or casino result (decision 0056). */
export const SPORTS_KINDS = ['bet_settlement', 'bet_resettlement', 'bet_void', 'bet_cash_out'] as const;
export const CASINO_KINDS = ['casino_debit', 'casino_credit', 'casino_rollback'] as const;

export interface PartyPnlLine {
  user_id: string;
  username: string;
  name: string;
  role: number;
  has_downline: boolean;
  exchange_paise: number;
  bookmaker_paise: number;
  fancy_paise: number;
  casino_paise: number;
  /** The casino column split by the game's provider as the journal line names it (a house game's, a Hub88 studio). */
  casino_by_provider: Record<string, number | string> | null;
}

/**
 * Party win/loss straight from the journal: every posting on a player's main or bonus wallet of a
 * sports or casino kind, in the range, summed per account directly below the parent (its whole
 * subtree). Reversals (voids, corrections) are postings too, so a voided bet nets out.
 */
export function createPartyPnlRepository(db: Queryable) {
  return {
    async lines(parentId: string | null, from: Date, to: Date): Promise<PartyPnlLine[]> {
      const tops =
        parentId === null
          ? `select id from users where role not in (${ROLES.DIRECTOR}, ${ROLES.SUPPORT_ADMIN})
               and (upline_id is null or upline_id in (select id from users where role = ${ROLES.DIRECTOR}))`
          : 'select id from users where upline_id = $4';
      const result = await db.query<PartyPnlLine>(
        `with recursive tree as (
           select id, id as top from users where id in (${tops})
           union all
           select u.id, t.top from users u join tree t on u.upline_id = t.id
         ),
         moves as (
           select t.top, j.kind, j.details->>'marketId' as market_id, j.details->>'provider' as provider, e.amount_paise
           from tree t
           join ledger_accounts a on a.user_id = t.id and a.kind in ('player_main', 'player_bonus')
           join journal_entries e on e.account_id = a.id
           join journal_transactions j on j.id = e.transaction_id
           where j.created_at >= $1 and j.created_at < $2 and j.kind = any($3::text[])
         ),
         sums as (
           select mv.top,
             coalesce(sum(mv.amount_paise) filter (where m.type = 'EXCHANGE'), 0)::bigint as exchange_paise,
             coalesce(sum(mv.amount_paise) filter (where m.type = 'BOOKMAKER'), 0)::bigint as bookmaker_paise,
             coalesce(sum(mv.amount_paise) filter (where m.type = 'FANCY'), 0)::bigint as fancy_paise,
             coalesce(sum(mv.amount_paise) filter (where mv.kind like 'casino_%'), 0)::bigint as casino_paise
           from moves mv left join markets m on m.id::text = mv.market_id
           group by mv.top
         ),
         casino as (
           select top, coalesce(provider, 'Unknown') as provider, sum(amount_paise)::bigint as paise
           from moves where kind like 'casino_%' group by top, coalesce(provider, 'Unknown')
         ),
         by_provider as (
           select top, jsonb_object_agg(provider, paise) as casino_by_provider from casino group by top
         )
         select u.id as user_id, u.username, u.name, u.role,
           exists (select 1 from users c where c.upline_id = u.id) as has_downline,
           s.exchange_paise, s.bookmaker_paise, s.fancy_paise, s.casino_paise, bp.casino_by_provider
         from sums s join users u on u.id = s.top left join by_provider bp on bp.top = s.top
         order by (s.exchange_paise + s.bookmaker_paise + s.fancy_paise + s.casino_paise), u.username`,
        [from, to, [...SPORTS_KINDS, ...CASINO_KINDS], ...(parentId === null ? [] : [parentId])],
      );
      return result.rows;
    },
  };
}
