import type { Queryable } from '../src/db/database.js';

/**
 * Every player's books in one comparable shape (balances, exposures, open bets, the journal's size),
 * to prove a restored copy holds exactly what the original held at that moment.
 */
export async function books(db: Queryable) {
  const accounts = await db.query(
    'select user_id, kind, balance_paise, exposure_paise from ledger_accounts where is_player order by user_id, kind',
  );
  const exposures = await db.query(
    'select user_id, market_id, wallet, exposure_paise, outcomes from market_exposures order by user_id, market_id, wallet',
  );
  const openBets = await db.query(
    `select id, user_id, status, stake_paise, matched_paise, cancelled_paise from bets
     where status in ('pending', 'unmatched', 'matched') order by id`,
  );
  const journal = await db.query(
    'select count(*)::int as entries, coalesce(sum(abs(amount_paise)), 0)::bigint as moved from journal_entries',
  );
  return { accounts: accounts.rows, exposures: exposures.rows, openBets: openBets.rows, journal: journal.rows };
}

/** What a position must hold: each player's reserved exposure is the sum of its markets' worst cases. */
export async function exposureMismatches(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ user_id: string; wallet: string }>(
    `select a.user_id, a.kind as wallet from ledger_accounts a
     where a.kind in ('player_main', 'player_bonus')
       and a.exposure_paise <> coalesce((select sum(x.exposure_paise) from market_exposures x
            where x.user_id = a.user_id and x.wallet = case a.kind when 'player_main' then 'main' else 'bonus' end), 0)`,
  );
  return rows.rows.map((row) => `${row.user_id} ${row.wallet}: exposure disagrees with its markets`);
}
