import type { JournalPosting } from './wallet-types.js';

/**
 * The wallet's statements as parts of a caller's own statement (parameters from $first on): the
 * journal's rows for a module that posts in the same round trip as its own rows (the casino wallet),
 * and a group commit's exposure moves with their overdraw rule (the market writer's one-statement
 * commit, decision 0039). The wallet's repository uses the same parts alone, so each rule is written once.
 */
/**
 * The CTEs that write journal transactions and their entries (`journal_ids` names the new ids by
 * `ord`, 1-based in the postings' order), parameters from $first on: the one place the journal's rows
 * are written, used alone by insertTransactions and inside a larger statement by a caller that must
 * post in the same round trip as its own rows (the casino wallet). `when`, an SQL condition, lets that
 * statement post only if its other parts went through; `presetId`, an SQL expression, gives a single
 * posting an id the statement drew earlier (so its other rows can name it); `presetIds`, an SQL query
 * of rows (ord, id), does the same for many postings and writes only the postings it names (the casino
 * wallet's group commit: a posting whose call was not claimed is left out).
 */
export function journalStatement(
  postings: JournalPosting[],
  first: number,
  options: { when?: string; presetId?: string; presetIds?: string } = {},
): { sql: string; params: unknown[] } {
  const when = options.when ?? 'true';
  const p = (offset: number) => `$${first + offset}`;
  const owners = postings.flatMap((posting, index) => posting.entries.map(() => index + 1));
  const entries = postings.flatMap((posting) => posting.entries);
  const ids =
    options.presetIds !== undefined
      ? `select preset.ord::bigint as ord, preset.id::bigint as id from (${options.presetIds}) preset where preset.ord <= ${p(0)}::int`
      : options.presetId !== undefined
        ? `select 1::bigint as ord, (${options.presetId})::bigint as id where ${p(0)}::int = 1`
        : `select ord, nextval('journal_transactions_id_seq') as id from generate_series(1, ${p(0)}::int) ord where true`;
  return {
    sql: `journal_ids as materialized (
        ${ids}
        and ${when}
      ),
      journal_created as (
        insert into journal_transactions (id, kind, idempotency_key, description, actor_id, details, created_at)
        select journal_ids.id, t.kind, t.key, t.description, t.actor, t.details::jsonb, t.at
        from unnest(${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::uuid[], ${p(5)}::text[], ${p(6)}::timestamptz[]) with ordinality as t(kind, key, description, actor, details, at, ord)
        join journal_ids using (ord)
      ),
      journal_lines as (
        insert into journal_entries (transaction_id, account_id, amount_paise, created_at)
        select journal_ids.id, e.account_id, e.amount_paise, t.at
        from unnest(${p(7)}::int[], ${p(8)}::bigint[], ${p(9)}::bigint[]) as e(ord, account_id, amount_paise)
        join journal_ids using (ord) join unnest(${p(6)}::timestamptz[]) with ordinality as t(at, ord) using (ord)
      )`,
    params: [
      postings.length,
      postings.map((posting) => posting.kind),
      postings.map((posting) => posting.idempotencyKey),
      postings.map((posting) => posting.description),
      postings.map((posting) => posting.actorId),
      postings.map((posting) => JSON.stringify(posting.details)),
      postings.map((posting) => posting.at),
      owners,
      entries.map((entry) => entry.accountId),
      entries.map((entry) => entry.amountPaise),
    ],
  };
}

/**
 * The CTEs of a batch's exposure moves, parameters from $first on: the one place the overdraw rule of
 * a group commit is written, used alone by moveUnlessOverdrawn and inside the market writer's
 * one-statement commit (decision 0039). `check(when)` locks the accounts in id order (only when `when`
 * holds) and names in `wallet_refused` the first command, by `ord`, whose running sum of moves would
 * take a player's `balance + exposure` below zero; `move(when)` makes every move in `wallet_moved` when
 * `when` holds and none was refused, under the same CHECK. The accounts are found by their ids (`= any`,
 * the primary key), never by a join the planner could run as a scan of every account.
 *
 * With `figuresOf` (the moved players' ids), the lock also takes those players' main and bonus wallets
 * that no move touches, in the same id order, and `figures` is an SQL expression of the statement's
 * result: both wallets of every moved player as the statement leaves them (`[user, kind, balance,
 * exposure]` rows), for the balance push without a read after the commit (decision 0077). Locked, the
 * unmoved wallet cannot change between that figure and the commit: it is the committed one.
 */
export function exposureMovesStatement(
  rows: readonly { accountId: number; deltaPaise: number; ord: number }[],
  first: number,
  figuresOf?: readonly string[],
): {
  check: (when: string) => string;
  move: (when: string) => string;
  figures: string;
  params: unknown[];
} {
  const p = (offset: number) => `$${first + offset}`;
  const others =
    figuresOf === undefined
      ? ''
      : ` or (a.user_id = any(${p(3)}::uuid[]) and a.kind in ('player_main', 'player_bonus'))`;
  return {
    check: (
      when,
    ) => `wallet_moves as (select u.id, u.delta, u.ord from unnest(${p(0)}::bigint[], ${p(1)}::bigint[], ${p(2)}::int[]) as u(id, delta, ord)),
      wallet_locked as materialized (select a.id, a.user_id, a.kind, a.balance_paise, a.exposure_paise, a.balance_paise + a.exposure_paise as available, a.is_player from ledger_accounts a
        where (a.id = any(${p(0)}::bigint[])${others}) and ${when} order by a.id for no key update),
      wallet_running as (select d.id, d.ord, sum(d.delta) over (partition by d.id order by d.ord rows between unbounded preceding and current row) as moved from wallet_moves d),
      wallet_refused as materialized (select min(r.ord)::int as ord from wallet_running r join wallet_locked l on l.id = r.id where l.is_player and l.available + r.moved < 0)`,
    move: (when) => `wallet_moved as (update ledger_accounts a set exposure_paise = a.exposure_paise + t.delta
        from (select id, sum(delta)::bigint as delta from wallet_moves group by id) t
        where a.id = t.id and a.id = any(${p(0)}::bigint[]) and (select ord from wallet_refused) is null and ${when} returning a.id, a.exposure_paise)`,
    figures: `(select json_agg(json_build_array(l.user_id, l.kind, l.balance_paise, coalesce(m.exposure_paise, l.exposure_paise)))
        from wallet_locked l left join wallet_moved m on m.id = l.id where l.kind in ('player_main', 'player_bonus'))`,
    params: [
      rows.map((row) => row.accountId),
      rows.map((row) => row.deltaPaise),
      rows.map((row) => row.ord),
      ...(figuresOf === undefined ? [] : [figuresOf]),
    ],
  };
}
