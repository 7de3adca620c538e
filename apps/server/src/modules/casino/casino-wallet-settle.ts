import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import type { JournalPosting, WalletFigures } from '../wallet/wallet-service.js';
import { journalStatement } from '../wallet/wallet-service.js';
import type { RoundRow } from './casino-repository.js';
import type { Json } from './casino-wallet-reads.js';
import { roundOf, statementName } from './casino-wallet-reads.js';

/**
 * The casino wallet's writing statement for one call (`settleCall`: claim, round, posting, answer),
 * the SQL it shares with the grouped statement of several calls (casino-wallet-batch.ts), and what
 * either answers per call (`Settled`). docs/decisions/0028.
 */
export interface SettleInput {
  providerId: number;
  transactionId: string;
  kind: 'debit' | 'credit';
  roundId: string;
  userId: string;
  /** The wallet the call moves (a debit: the session's; a credit: its round's). */
  wallet: 'main' | 'bonus';
  amountPaise: number;
  requestHash: string;
  at: Date;
  /** A debit opens the round (game, wallet) when it has none; a credit names the locked round it settles. */
  round: { open: { gameId: number } } | { settle: number };
  /** The answer stored for a retry; its balance and reference are filled in by the statement. */
  response: unknown;
  /** The player's account the posting moves, and by how much (its available balance is answered). */
  accountId: number;
  deltaPaise: number;
  /** The provider's casino_house account, the posting's other side (a batch checks each house's payout limit). */
  houseAccountId: number;
  /** A credit answers the balance only to a provider still holding a live session of its own. */
  readableBy: { providerId: number; userId: string; now: Date } | null;
  /**
   * The one-round-trip debit (no context read before it): the statement itself requires what the
   * context would have checked, read in the same snapshot: the player's newest live session with the
   * provider (in `currency` when given) whose wallet, or the player's selected one, is `wallet`, and a
   * player neither suspended nor self-excluded and allowed this kind of game (`slot`). When any of it
   * fails the statement locks nothing and writes nothing (not claimed), and the caller reads the context.
   */
  guard?: { slot: boolean; currency: string | null } | undefined;
  /**
   * The one-statement path (hints): an account another transaction holds locked (a market's
   * settlement, another process's call) is skipped, not waited for; the call is then not claimed and
   * waits on the full path, alone, so the casino wallet writer's statement never queues behind it.
   */
  skipLocked?: boolean | undefined;
}

/** The posting's CTEs run only once the claim went in, under the journal id the statement drew first. */
const JOURNAL_OPTIONS = { when: '(select go from ok)', presetId: 'select id from journal_id' };
/** The settle statement's text and prepared name per shape (a debit or a credit, with a posting or none), built once. */
const settleStatements = new Map<string, { sql: string; name: string }>();
function settleStatement(
  round: 'open' | 'settle',
  journalSql: string | null,
  skipLocked: boolean,
): { sql: string; name: string } {
  // One posting's CTEs are the same text every time (journalStatement of one posting at the same parameter).
  const key = `${round}|${journalSql === null ? 'none' : 'posting'}|${skipLocked ? 'skip' : 'wait'}`;
  const known = settleStatements.get(key);
  if (known !== undefined) return known;
  const roundSql =
    round === 'open'
      ? `insert into casino_rounds (provider_id, round_id, user_id, game_id, wallet, stake_paise, created_at)
         select $1, $4, $5, $10, $6, $7, $9 where exists (select 1 from locked)
         on conflict (provider_id, round_id, user_id) do update set stake_paise = casino_rounds.stake_paise + excluded.stake_paise
         where casino_rounds.status = 'open' and casino_rounds.wallet = excluded.wallet returning *`
      : `update casino_rounds set payout_paise = payout_paise + $7, status = 'credited', settled_at = $9
         where id = $10 and status = 'open' and exists (select 1 from locked) returning *`;
  const sql = `with journal_id as materialized (select ${journalSql === null ? 'null::bigint' : "nextval('journal_transactions_id_seq')"} as id),
     guard as materialized (
       select not $17::boolean or ${guardSql({ user: '$5', provider: '$1', at: '$9', slot: '$18::boolean', wallet: '$6', currency: '$19::text' })} as ok
     ),
     locked as materialized (select id, kind, balance_paise, exposure_paise from ledger_accounts where id = $12 and (select ok from guard) for no key update${skipLocked ? ' skip locked' : ''}),
     live as (select exists (select 1 from casino_sessions where $14::uuid is not null and user_id = $14::uuid and provider_id = $15 and expires_at > $16) as ok),
     balance as (
       select case when $14::uuid is null or (select ok from live)
         then (select balance_paise + exposure_paise + $13 from locked) end as paise
     ),
     round as (${roundSql}),
     round_ok as (select exists (select 1 from round where wallet = $6) as ok),
     claim as (
       insert into casino_transactions (provider_id, transaction_id, kind, round_id, user_id, wallet, amount_paise, debit_transaction_id, request_hash, created_at,
         journal_transaction_id, response)
       select $1, $2, $3, $4, $5, $6, $7, null, $8, $9, (select id from journal_id),
         ${storedAnswerSql('$11::jsonb', '(select paise from balance)', '(select id from journal_id)')}
       where (select ok from round_ok)
       returning id
     ),
     ok as (select exists (select 1 from claim) as go)
     ${journalSql === null ? '' : `, ${journalSql}`}
     select (select id from claim) as claim_id, (select row_to_json(round) from round) as round,
            (select id from journal_id) as journal_id, (select paise from balance)::text as balance,
            ${walletsSql('$5', '$13')} as wallets`;
  const statement = { sql, name: statementName('casino_settle', sql) };
  settleStatements.set(key, statement);
  return statement;
}

/**
 * One statement, atomic on its own (sent outside a transaction PostgreSQL commits it alone) or inside
 * the caller's transaction: LOCKS the player's account the call moves, opens (a debit, adding its
 * stake) or settles (a credit) the round only while it is open in the call's wallet, claims the
 * transaction id, writes the posting under an id drawn first, and stores the answer, with that
 * reference and the player's available balance after the posting, in the claimed row itself (a row
 * inserted by a statement cannot be updated by the same statement).
 *
 * - The account is locked before the round (as `callContext` locks them), so the balance answered is
 *   the locked row's plus the posting's delta: exact whoever else posts.
 * - Not `claimed`: the round refused the call (closed, another wallet, gone); nothing was written.
 * - The id taken by a call that raced this one: the claim's unique index raises (23505), the whole
 *   statement is undone (the round's change with it) and the caller replays the stored answer.
 * - An overdraw or the provider's limit: the ledger's triggers raise, and everything is undone too.
 */
export async function settleCall(tx: Queryable, input: SettleInput, journal: JournalPosting | null): Promise<Settled> {
  const params: unknown[] = [
    input.providerId,
    input.transactionId,
    input.kind,
    input.roundId,
    input.userId,
    input.wallet,
    input.amountPaise,
    input.requestHash,
    input.at,
    'open' in input.round ? input.round.open.gameId : input.round.settle,
    JSON.stringify(input.response),
    input.accountId,
    input.deltaPaise,
    input.readableBy?.userId ?? null,
    input.readableBy?.providerId ?? null,
    input.readableBy?.now ?? null,
    input.guard !== undefined,
    input.guard?.slot ?? false,
    input.guard?.currency ?? null,
  ];
  const posting = journal === null ? null : journalStatement([journal], params.length + 1, JOURNAL_OPTIONS);
  const statement = settleStatement(
    'open' in input.round ? 'open' : 'settle',
    posting?.sql ?? null,
    input.skipLocked === true,
  );
  const result = await tx.query<{
    claim_id: number | null;
    round: Json<RoundRow> | null;
    journal_id: number | null;
    balance: string | null;
    wallets: Record<string, [number, number]> | null;
  }>(statement.sql, [...params, ...(posting?.params ?? [])], statement.name);
  const row = result.rows[0];
  return settledOf({ ...row, claimed: row?.claim_id !== null && row?.claim_id !== undefined }, journal !== null);
}

/** What the settle statement did for one call (a batch's statement answers one per call). */
export interface Settled {
  /** The id was claimed: the round moved, the posting (if any) went in, the answer is stored. */
  claimed: boolean;
  posted: boolean;
  round: RoundRow | null;
  journalId: number | null;
  /** The available balance answered (null: the provider may not read it). */
  balancePaise: number | null;
  /** The player's wallets after the posting (the moved account as locked), for the balance push. */
  wallets: WalletFigures | null;
}

/** A settle statement's row for one call, as `Settled`; `posting`: the call carried a journal posting. */
export function settledOf(
  row:
    | {
        claimed: boolean;
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

/**
 * What the context read decides a debit on, as one SQL condition over expressions of the statement
 * (the single call's parameters, or a batch row's columns): the provider's newest live session for the
 * player (in `currency` when given), its wallet (or the player's selected one) equal to `wallet`, the
 * player neither suspended nor self-excluded (as `isBlocked`) and allowed the game's kind (`slot`).
 * One text for both statements, so the one-call and the batched guard cannot differ.
 */
export function guardSql(c: {
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
export function storedAnswerSql(response: string, balancePaise: string, journalId: string): string {
  return `jsonb_set(
           jsonb_set(${response}, '{data,balance}', coalesce(to_jsonb((${balancePaise})::numeric / 100), 'null'::jsonb)),
           '{data,reference}', coalesce(to_jsonb((${journalId})::text), 'null'::jsonb))`;
}

/** A player's main and bonus wallets after the posting: the account locked in the CTE `locked` plus `delta`, the other as read. */
export function walletsSql(user: string, delta: string): string {
  return `(select json_object_agg(a.kind, json_build_array(coalesce(l.balance_paise + ${delta}, a.balance_paise), coalesce(l.exposure_paise, a.exposure_paise)))
               from ledger_accounts a left join locked l on l.id = a.id where a.user_id = ${user} and a.kind in ('player_main', 'player_bonus'))`;
}

/** The claim lost a race: another call with this transaction id committed first (23505 on the claim's unique index). */
export function isTakenId(error: unknown): boolean {
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  return (
    code === '23505' &&
    `${constraint ?? ''} ${message ?? ''}`.includes('casino_transactions_provider_id_transaction_id_key')
  );
}
