import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import type { JournalPosting } from '../wallet/wallet-service.js';
import { journalStatement } from '../wallet/wallet-service.js';
import type { RoundRow } from './casino-repository.js';
import type { Json } from './casino-wallet-reads-repository.js';
import { roundOf, statementName } from './casino-wallet-reads-repository.js';
import type { Refused, SettleInput, Settled } from './casino-wallet-settle.js';

/**
 * The casino wallet's settle repository: THE settle statement (docs/decisions/0028, 0069), the SQL
 * parts it is built of, and its rows read back as `Settled`. ONE statement, committed by PostgreSQL
 * on its own (or inside a caller's transaction), that for each call locks the player's account, opens
 * (a debit, adding its stake) or settles (a credit) the round while it is open in the call's wallet,
 * claims the transaction id, writes the posting under a journal id drawn first (the wallet's journal
 * CTEs, `journalStatement`), and stores the answer (reference and available balance filled in) in the
 * claimed row. It answers one row per call in the calls' order. A lone call is a set of one.
 *
 * Every call must be independent of its set-mates: no two calls of one player (so no shared account
 * or round) and no two with one transaction id. The writer guarantees it; the balance each call
 * answers is then exact, its locked account's row plus its own delta.
 *
 * A call that would make the statement RAISE is found first and left out instead, with the reason
 * (`Refused`), so that it cannot undo its set-mates; each reason is an answer a serial execution
 * would give, or says what the caller must read first:
 * - `taken`: the transaction id is already stored (a retry, a tombstone): the stored answer replays;
 * - `guard`: the one-round-trip call's guard failed (session, player flags, wallet): read the context;
 * - `locked`: another transaction holds the account (a market's settlement, another process), with
 *   `skip locked` only: the call waits alone, so a set never queues behind one player's lock;
 * - `funds`: an overdraw, checked on the locked row (`available_balance_never_negative`);
 * - `limit`: a provider's payout limit: the credits of each house account are admitted, smallest
 *   first, while their running total fits the headroom the stripes hold in the statement's snapshot
 *   (as if those credits went first; debits in the set are not counted as room);
 * - `round`: the round is closed or in another wallet (or gone): read the context.
 * What can still raise is what no snapshot can see, an uncommitted racing claim of the same id or
 * headroom taken by a concurrent uncommitted payout; then the whole statement is undone (the writer
 * runs each call of a set alone, and a set of one raises its own refusal).
 */

/**
 * The guard of a one-round-trip debit (`SettleInput.guard`): what the context read decides a debit on,
 * as one SQL condition over expressions of the statement (a call's columns): the provider's newest
 * live session for the player (in `currency` when given), its wallet (or the player's selected one)
 * equal to `wallet`, the player neither suspended nor self-excluded (as `isBlocked`) and allowed the
 * game's kind (`slot`).
 */
function guardSql(c: {
  user: string;
  provider: string;
  at: string;
  slot: string;
  wallet: string;
  currency: string;
}): string {
  return `exists (
         select 1 from users u
           join lateral (select s.wallet, s.currency from casino_sessions s where s.user_id = u.id and s.provider_id = ${c.provider} and s.expires_at > ${c.at}
                         order by s.created_at desc, s.expires_at desc limit 1) s on true
         where u.id = ${c.user} and u.suspended_at is null and (u.self_excluded_until is null or u.self_excluded_until <= ${c.at})
           and case when ${c.slot} then u.allow_slots else u.allow_live_casino end
           and coalesce(s.wallet, case when u.role <> ${ROLES.CREDIT_PLAYER} and u.wallet = '2' then 'bonus' else 'main' end) = ${c.wallet}
           and (${c.currency} is null or s.currency = ${c.currency}))`;
}

/** The answer stored with a claim: the call's answer with its balance (paise → rupees) and journal reference filled in. */
function storedAnswerSql(response: string, balancePaise: string, journalId: string): string {
  return `jsonb_set(
           jsonb_set(${response}, '{data,balance}', coalesce(to_jsonb((${balancePaise})::numeric / 100), 'null'::jsonb)),
           '{data,reference}', coalesce(to_jsonb((${journalId})::text), 'null'::jsonb))`;
}

/** A player's main and bonus wallets after the posting: the account locked in the CTE `locked` plus `delta`, the other as read. */
function walletsSql(user: string, delta: string): string {
  return `(select json_object_agg(a.kind, json_build_array(coalesce(l.balance_paise + ${delta}, a.balance_paise), coalesce(l.exposure_paise, a.exposure_paise)))
               from ledger_accounts a left join locked l on l.id = a.id where a.user_id = ${user} and a.kind in ('player_main', 'player_bonus'))`;
}

/** The calls go in as one array parameter per column, in this order (unnest … with ordinality: `ord`). */
const CALL_COLUMNS: readonly [name: string, type: string, value: (input: SettleInput, posts: boolean) => unknown][] = [
  ['provider_id', 'bigint', (input) => input.providerId],
  ['transaction_id', 'text', (input) => input.transactionId],
  ['kind', 'text', (input) => input.kind],
  ['round_id', 'text', (input) => input.roundId],
  ['user_id', 'uuid', (input) => input.userId],
  ['wallet', 'text', (input) => input.wallet],
  ['amount_paise', 'bigint', (input) => input.amountPaise],
  ['request_hash', 'text', (input) => input.requestHash],
  ['at', 'timestamptz', (input) => input.at],
  // a debit: the game it opens the round with; a credit: the round's row it settles
  ['ref_id', 'bigint', (input) => ('open' in input.round ? input.round.open.gameId : input.round.settle)],
  ['response', 'text', (input) => JSON.stringify(input.response)],
  ['account_id', 'bigint', (input) => input.accountId],
  ['delta_paise', 'bigint', (input) => input.deltaPaise],
  ['house_id', 'bigint', (input) => input.houseAccountId],
  // a credit answers the balance only to a provider still holding a live session of its own
  ['needs_session', 'boolean', (input) => input.readableBy !== null],
  ['guarded', 'boolean', (input) => input.guard !== undefined],
  ['slot', 'boolean', (input) => input.guard?.slot ?? false],
  ['currency', 'text', (input) => input.guard?.currency ?? null],
  ['posts', 'boolean', (_input, posts) => posts],
];
/** Where the parameter mapping postings to their calls goes, and the journal's parameters after it. */
const POSTING_CALLS_PARAM = CALL_COLUMNS.length + 1;

/** The statement's text per lock mode (the arrays carry any number of calls and postings), built once each. */
const settleSql = new Map<boolean, { sql: string; lone: string; shared: string }>();
function settleStatement(skipLocked: boolean): { sql: string; lone: string; shared: string } {
  const known = settleSql.get(skipLocked);
  if (known !== undefined) return known;
  const columns = CALL_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const names = CALL_COLUMNS.map(([name]) => name).join(', ');
  // The journal's CTEs take the ids drawn per call, only for the postings of claimed calls.
  const journal = journalStatement([], POSTING_CALLS_PARAM + 1, {
    presetIds: `select p.ord, j.id from unnest($${POSTING_CALLS_PARAM}::int[]) with ordinality as p(call_ord, ord)
                join journal_drawn j on j.ord = p.call_ord where p.call_ord in (select ord from claimed_calls)`,
  });
  const sql = `with calls as materialized (
       select * from unnest(${columns}) with ordinality as c(${names}, ord)
     ),
     journal_drawn as materialized (select ord, nextval('journal_transactions_id_seq') as id from calls where posts),
     fresh as materialized (
       select c.ord from calls c
       where not exists (select 1 from casino_transactions t where t.provider_id = c.provider_id and t.transaction_id = c.transaction_id)
     ),
     guarded as materialized (
       select c.ord from calls c join fresh using (ord)
       where not c.guarded or ${guardSql({ user: 'c.user_id', provider: 'c.provider_id', at: 'c.at', slot: 'c.slot', wallet: 'c.wallet', currency: 'c.currency' })}
     ),
     checked as materialized (
       select c.ord from calls c join guarded using (ord)
       where not exists (
         select 1 from casino_rounds r
         where (case when c.kind = 'debit' then r.provider_id = c.provider_id and r.round_id = c.round_id and r.user_id = c.user_id else r.id = c.ref_id end)
           and (r.status <> 'open' or r.wallet <> c.wallet))
     ),
     locked as materialized (
       select id, balance_paise, exposure_paise from ledger_accounts
       where id in (select c.account_id from calls c join checked k using (ord)) order by id for no key update${skipLocked ? ' skip locked' : ''}
     ),
     funded as materialized (
       select c.ord, c.house_id, c.delta_paise from calls c join checked k using (ord) join locked l on l.id = c.account_id
       where l.balance_paise + l.exposure_paise + c.delta_paise >= 0
     ),
     headroom as materialized (
       select account_id, sum(headroom_paise)::bigint as paise from ledger_limit_stripes where account_id in (select house_id from funded) group by account_id
     ),
     admitted as materialized (
       select ord from (
         select f.ord, f.delta_paise, h.paise as room,
                sum(greatest(f.delta_paise, 0)) over (partition by f.house_id order by greatest(f.delta_paise, 0), f.ord) as paid
         from funded f left join headroom h on h.account_id = f.house_id
       ) a where a.delta_paise <= 0 or a.room is null or a.paid <= a.room
     ),
     opened as (
       insert into casino_rounds (provider_id, round_id, user_id, game_id, wallet, stake_paise, created_at)
       select c.provider_id, c.round_id, c.user_id, c.ref_id, c.wallet, c.amount_paise, c.at from calls c join admitted using (ord) where c.kind = 'debit'
       on conflict (provider_id, round_id, user_id) do update set stake_paise = casino_rounds.stake_paise + excluded.stake_paise
       where casino_rounds.status = 'open' and casino_rounds.wallet = excluded.wallet
       returning provider_id, round_id, user_id, wallet, row_to_json(casino_rounds) as round
     ),
     credited as (
       update casino_rounds r set payout_paise = r.payout_paise + c.amount_paise, status = 'credited', settled_at = c.at
       from calls c join admitted using (ord) where c.kind = 'credit' and r.id = c.ref_id and r.status = 'open' and r.wallet = c.wallet
       returning c.ord, r.wallet, row_to_json(r) as round
     ),
     rounds as (
       select c.ord, o.wallet, o.round from opened o join calls c on c.kind = 'debit' and c.provider_id = o.provider_id and c.round_id = o.round_id and c.user_id = o.user_id
       union all select ord, wallet, round from credited
     ),
     balances as (
       select c.ord, case when not c.needs_session or exists (select 1 from casino_sessions s where s.user_id = c.user_id and s.provider_id = c.provider_id and s.expires_at > c.at)
                          then l.balance_paise + l.exposure_paise + c.delta_paise end as paise
       from calls c join locked l on l.id = c.account_id
     ),
     claimed as (
       insert into casino_transactions (provider_id, transaction_id, kind, round_id, user_id, wallet, amount_paise, debit_transaction_id, request_hash, created_at,
         journal_transaction_id, response)
       select c.provider_id, c.transaction_id, c.kind, c.round_id, c.user_id, c.wallet, c.amount_paise, null, c.request_hash, c.at, j.id,
         ${storedAnswerSql('c.response::jsonb', 'b.paise', 'j.id')}
       from calls c join rounds r on r.ord = c.ord and r.wallet = c.wallet left join balances b on b.ord = c.ord left join journal_drawn j on j.ord = c.ord
       returning provider_id, transaction_id
     ),
     claimed_calls as (select c.ord from calls c join claimed t on t.provider_id = c.provider_id and t.transaction_id = c.transaction_id),
     ${journal.sql}
     select c.ord, k.ord is not null as claimed,
            case when k.ord is not null then null
                 when c.ord not in (select ord from fresh) then 'taken'
                 when c.ord not in (select ord from guarded) then 'guard'
                 when c.ord not in (select ord from checked) then 'round'
                 when c.account_id not in (select id from locked) then 'locked'
                 when c.ord not in (select ord from funded) then 'funds'
                 when c.ord not in (select ord from admitted) then 'limit'
                 else 'round' end as refused,
            r.round, j.id as journal_id, b.paise::text as balance,
            case when k.ord is not null then ${walletsSql('c.user_id', 'c.delta_paise')} end as wallets
     from calls c left join claimed_calls k on k.ord = c.ord left join rounds r on r.ord = c.ord
       left join journal_drawn j on j.ord = c.ord left join balances b on b.ord = c.ord
     order by c.ord`;
  // One text; a set of several calls is prepared under a name of its own, so a statement shared by several calls can be told apart (pg_stat_statements, logs).
  const lone = statementName('casino_settle', sql);
  const statement = { sql, lone, shared: lone.replace('casino_settle', 'casino_batch') };
  settleSql.set(skipLocked, statement);
  return statement;
}

/**
 * The statement for `inputs` (independent calls, see above) and the journal postings of those that
 * carry one (`journal[i]` belongs to the call `postingCalls[i]`, 0-based): a `Settled` per call, in
 * order. A call not claimed wrote nothing and says why; the statement as a whole raises only as
 * described above. `skipLocked`: an account another transaction holds is left out (`locked`), not
 * waited for.
 */
export async function settleCalls(
  tx: Queryable,
  inputs: readonly SettleInput[],
  journal: readonly JournalPosting[],
  postingCalls: readonly number[],
  skipLocked: boolean,
): Promise<Settled[]> {
  const posts = inputs.map((_, index) => postingCalls.includes(index));
  const params = CALL_COLUMNS.map(([, , value]) => inputs.map((input, index) => value(input, posts[index] === true)));
  const statement = settleStatement(skipLocked);
  const posting = journalStatement([...journal], POSTING_CALLS_PARAM + 1);
  const result = await tx.query<{
    claimed: boolean;
    refused: Refused | null;
    round: Json<RoundRow> | null;
    journal_id: string | null;
    balance: string | null;
    wallets: Record<string, [number, number]> | null;
  }>(
    statement.sql,
    [...params, postingCalls.map((index) => index + 1), ...posting.params],
    inputs.length === 1 ? statement.lone : statement.shared,
  );
  return inputs.map((_, index) => {
    const row = result.rows[index];
    // An unclaimed call's drawn journal id and balance mean nothing: it wrote nothing.
    return settledOf(
      row === undefined || !row.claimed
        ? { claimed: false, refused: row?.refused ?? 'round', round: row?.round ?? null }
        : row,
      posts[index] === true,
    );
  });
}

/** A settle statement's row for one call, as `Settled`; `posting`: the call carried a journal posting. */
function settledOf(
  row:
    | {
        claimed: boolean;
        refused?: Refused | null;
        round?: Json<RoundRow> | null;
        journal_id?: number | string | null;
        balance?: string | null;
        wallets?: Record<string, [number, number]> | null;
      }
    | undefined,
  posting: boolean,
): Settled {
  const claimed = row?.claimed === true;
  const wallets = row?.wallets ?? null;
  return {
    claimed,
    refused: claimed ? null : (row?.refused ?? 'round'),
    posted: posting && claimed,
    round: roundOf(row?.round ?? null),
    journalId: row?.journal_id === null || row?.journal_id === undefined ? null : Number(row.journal_id),
    balancePaise: row?.balance === null || row?.balance === undefined ? null : Number(row.balance),
    wallets:
      wallets === null
        ? null
        : {
            mainBalancePaise: Number(wallets.player_main?.[0] ?? 0),
            mainExposurePaise: Number(wallets.player_main?.[1] ?? 0),
            bonusBalancePaise: Number(wallets.player_bonus?.[0] ?? 0),
            bonusExposurePaise: Number(wallets.player_bonus?.[1] ?? 0),
          },
  };
}
