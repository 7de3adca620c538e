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
  name: 'positions_to_publish',
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

/** One player's state on one wallet of an exchange market, as a lane starts holding it (decision 0080). */
export interface HeldWalletRead {
  user_id: string;
  wallet: 'main' | 'bonus';
  /** Their live bets (pending, unmatched, matched) there not closed by a cash out, and those closed by one. */
  live_bets: number;
  closed_bets: number;
  /** The exposure row, if there is one: its exposure and its matched result per runner (kept fill by fill). */
  exposure_paise: number | null;
  outcomes: Record<string, number> | null;
}

/** What a lane starts its players on an exchange market from: their open bets and a row per wallet. */
export interface HeldPlayersRead {
  /** Their pending and unmatched bets on the market, by seq. */
  open: BetRow[];
  wallets: HeldWalletRead[];
}

const HELD = {
  name: 'positions_of_players',
  text: `with live as (
           select ${BET_COLUMNS} from bets
           where market_id = $1 and user_id = any($2::uuid[]) and status in ('pending', 'unmatched', 'matched')),
         counted as (
           select user_id, wallet, count(*) filter (where closed_by is null)::int as live_bets,
             count(*) filter (where closed_by is not null)::int as closed_bets
           from live group by user_id, wallet),
         exposed as (
           select user_id, wallet, exposure_paise, outcomes from market_exposures
           where market_id = $1 and user_id = any($2::uuid[])),
         held as (
           select coalesce(c.user_id, e.user_id) as held_user_id, coalesce(c.wallet, e.wallet) as held_wallet,
             coalesce(c.live_bets, 0) as live_bets, coalesce(c.closed_bets, 0) as closed_bets, e.exposure_paise, e.outcomes
           from counted c full join exposed e on e.user_id = c.user_id and e.wallet = c.wallet)
         select h.*, o.* from held h
           left join live o on o.user_id = h.held_user_id and o.wallet = h.held_wallet and o.status in ('pending', 'unmatched')
         order by o.seq`,
};

/**
 * The players a lane meets on an exchange market, in one statement whatever their history there
 * (decision 0080): their open bets, and per wallet their exposure row (whose outcomes are their
 * matched result per runner) with how many live bets they have, instead of every live bet with its
 * fills. One snapshot, so the row and the bets agree.
 */
export async function readHeldPlayers(db: Queryable, marketId: string, userIds: string[]): Promise<HeldPlayersRead> {
  if (userIds.length === 0) return { open: [], wallets: [] };
  type Row = { held_user_id: string; held_wallet: 'main' | 'bonus'; live_bets: number; closed_bets: number } & Pick<
    HeldWalletRead,
    'exposure_paise' | 'outcomes'
  > &
    (BetRow | { [K in keyof BetRow]: null });
  const rows = (await db.query<Row>(HELD.text, [marketId, userIds], HELD.name)).rows;
  const wallets = new Map<string, HeldWalletRead>();
  const open: BetRow[] = [];
  for (const row of rows) {
    const { held_user_id: userId, held_wallet: wallet, live_bets, closed_bets, exposure_paise, outcomes, ...bet } = row;
    const key = `${userId}:${wallet}`;
    if (!wallets.has(key))
      wallets.set(key, { user_id: userId, wallet, live_bets, closed_bets, exposure_paise, outcomes });
    if (bet.id !== null) open.push(bet as BetRow);
  }
  return { open, wallets: [...wallets.values()] };
}
