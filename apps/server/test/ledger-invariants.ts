import type { Queryable } from '../src/db/database.js';

/**
 * The ledger's invariants (PRODUCT.md §4), checked straight against the database. Answers the list of
 * violations; empty means the books are sound.
 */
export async function ledgerViolations(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await db.query<{ transaction_id: number; total: number }>(
    'select transaction_id, sum(amount_paise)::bigint as total from journal_entries group by transaction_id having sum(amount_paise) <> 0 limit 5',
  );
  for (const row of unbalanced.rows) problems.push(`journal transaction ${row.transaction_id} sums to ${row.total}`);
  const total = await db.query<{ total: number }>(
    'select coalesce(sum(amount_paise), 0)::bigint as total from journal_entries',
  );
  if (total.rows[0]?.total !== 0) problems.push(`the journal sums to ${total.rows[0]?.total}`);
  const drift = await db.query<{ id: number; cached: number; journal: number }>(
    `select a.id, a.balance_paise as cached, coalesce(sum(e.amount_paise), 0)::bigint as journal
     from ledger_accounts a left join journal_entries e on e.account_id = a.id
     where a.is_player group by a.id, a.balance_paise having a.balance_paise <> coalesce(sum(e.amount_paise), 0) limit 5`,
  );
  for (const row of drift.rows)
    problems.push(`account ${row.id} caches ${row.cached} but its journal says ${row.journal}`);
  const limitDrift = await db.query<{ account_id: number }>(
    `select l.account_id from ledger_account_limits l
     where l.floor_paise + coalesce((select sum(headroom_paise) from ledger_limit_stripes s where s.account_id = l.account_id), 0)
           <> coalesce((select sum(amount_paise) from journal_entries e where e.account_id = l.account_id), 0)
        or (select count(*) from ledger_limit_stripes s where s.account_id = l.account_id) <> 16
     limit 5`,
  );
  for (const row of limitDrift.rows)
    problems.push(`limited account ${row.account_id} keeps a balance its journal does not say`);
  const negative = await db.query<{ id: number }>(
    'select id from ledger_accounts where is_player and balance_paise + exposure_paise < 0 limit 5',
  );
  for (const row of negative.rows) problems.push(`account ${row.id} has a negative available balance`);
  const doubled = await db.query<{ key: string; n: number }>(
    `select details->>'depositId' as key, count(*)::int as n from journal_transactions
       where kind = 'deposit' and details ? 'depositId' group by 1 having count(*) > 1
     union all
     select details->>'withdrawalId', count(*)::int from journal_transactions
       where kind = 'withdrawal_hold' and details ? 'withdrawalId' group by 1 having count(*) > 1
     union all
     select details->>'withdrawalId', count(*)::int from journal_transactions
       where kind in ('withdrawal_paid', 'withdrawal_release') and details ? 'withdrawalId' group by 1 having count(*) > 1`,
  );
  for (const row of doubled.rows) problems.push(`request ${row.key} moved money ${row.n} times`);
  // Every request's money matches its status: approved deposits credited once, every withdrawal held once,
  // decided withdrawals paid or released once, pending ones neither.
  const mismatched = await db.query<{ id: string }>(
    `select d.id from deposit_requests d
       left join journal_transactions j on j.kind = 'deposit' and j.details->>'depositId' = d.id::text
     where (d.status = 'approved') <> (j.id is not null)
     union all
     select w.id from withdrawal_requests w
       left join journal_transactions h on h.kind = 'withdrawal_hold' and h.details->>'withdrawalId' = w.id::text
       left join journal_transactions p on p.kind = 'withdrawal_paid' and p.details->>'withdrawalId' = w.id::text
       left join journal_transactions r on r.kind = 'withdrawal_release' and r.details->>'withdrawalId' = w.id::text
     where h.id is null or (w.status = 'approved') <> (p.id is not null) or (w.status = 'rejected') <> (r.id is not null)`,
  );
  for (const row of mismatched.rows) problems.push(`request ${row.id} disagrees with the journal`);
  return problems;
}

/**
 * What each player's main balance must be, from the requests alone: a model independent of the journal.
 * A credit player (role 6) starts with no welcome chips and holds its credit reference (decision 0019).
 */
export async function modelBalanceMismatches(db: Queryable, welcomePaise: number): Promise<string[]> {
  const rows = await db.query<{ user_id: string; balance_paise: number; expected: number }>(
    `select a.user_id, a.balance_paise,
       ((case when (select role from users u where u.id = a.user_id) = 6 then 0 else $1::bigint end)
       + coalesce((select credit_ref_paise from credit_lines c where c.user_id = a.user_id), 0)
       + coalesce((select sum(amount_paise) from deposit_requests d where d.user_id = a.user_id and d.status = 'approved'), 0)
       - coalesce((select sum(amount_paise) from withdrawal_requests w where w.user_id = a.user_id and w.status in ('pending', 'approved')), 0)
       + coalesce((select sum(amount_paise) from adjustments x where x.user_id = a.user_id and x.wallet = 'main' and x.status = 'applied'), 0))::bigint
       as expected
     from ledger_accounts a where a.kind = 'player_main'`,
    [welcomePaise],
  );
  return rows.rows
    .filter((row) => row.balance_paise !== row.expected)
    .map((row) => `player ${row.user_id}: ledger ${row.balance_paise}, requests say ${row.expected}`);
}
