import type { Queryable } from '../../../db/database.js';
import type { BetRow, FillRow } from '../sports-repository.js';
import { BET_COLUMNS } from '../sports-repository.js';

/** What the positions pushed after a change are computed from, read in one statement. */
export interface PositionsRead {
  /** Which of the players have bets (of any status) on which of the markets. */
  pairs: { market_id: string; user_id: string }[];
  /** Their live bets (pending, unmatched, matched) on the live markets, by seq. */
  bets: BetRow[];
  /** The fills of those bets that matched, by id, each once. */
  fills: FillRow[];
}

const READ = {
  name: 'positions_of_players',
  text: `select b.*, case when b.live and b.matched_paise > 0 then (
             select coalesce(json_agg(json_build_object('id', f.id, 'runner_id', f.runner_id, 'price_h', f.price_h, 'stake_paise', f.stake_paise,
               'back_bet_id', f.back_bet_id, 'lay_bet_id', f.lay_bet_id) order by f.id), '[]'::json)
             from fills f where (f.back_bet_id = b.id or f.lay_bet_id = b.id) and f.voided_at is null) end as bet_fills
         from (select ${BET_COLUMNS}, status in ('pending', 'unmatched', 'matched') and market_id = any($3::uuid[]) as live,
                 row_number() over (partition by market_id, user_id order by seq) as nth
               from bets where market_id = any($1::uuid[]) and user_id = any($2::uuid[])) b
         where b.live or b.nth = 1
         order by b.seq`,
};

/**
 * The reads of the positions publish (usersWithBetsInMarkets, liveBetsOfUsersInMarkets, fillsOfBets)
 * as one statement: the same rows, one round trip instead of three (decision 0027, addendum "publish").
 */
export async function readPositions(
  db: Queryable,
  marketIds: string[],
  userIds: string[],
  liveMarketIds: string[],
): Promise<PositionsRead> {
  if (marketIds.length === 0 || userIds.length === 0) return { pairs: [], bets: [], fills: [] };
  type Row = BetRow & { live: boolean; nth: number; bet_fills: (FillRow & { id: number })[] | null };
  const rows = (await db.query<Row>(READ.text, [marketIds, userIds, liveMarketIds], READ.name)).rows;
  const pairs = new Map<string, { market_id: string; user_id: string }>();
  const fills = new Map<number, FillRow & { id: number }>();
  const bets: BetRow[] = [];
  for (const { live, nth: _nth, bet_fills: betFills, ...bet } of rows) {
    pairs.set(`${bet.market_id}:${bet.user_id}`, { market_id: bet.market_id, user_id: bet.user_id });
    if (!live) continue;
    bets.push(bet);
    for (const fill of betFills ?? []) fills.set(fill.id, fill);
  }
  const ordered = [...fills.values()].sort((a, b) => a.id - b.id).map(({ id: _id, ...fill }) => fill);
  return { pairs: [...pairs.values()], bets, fills: ordered };
}
