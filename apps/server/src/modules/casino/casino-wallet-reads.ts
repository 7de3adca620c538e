import type { Queryable } from '../../db/database.js';
import type { PlayerRow, RoundRow, SessionRow, TransactionRow } from './casino-repository.js';

/**
 * The casino wallet's few statements on the hot path (issue 10: a callback in few round trips). Each
 * replaces several reads of the older path with one statement; docs/decisions/0017 counts them.
 */
export interface CallContext {
  /** The transaction already stored under this id, if any (a retry replays it). */
  earlier: TransactionRow | null;
  /** The provider's newest live launch session for the player. */
  session: SessionRow | null;
  player: PlayerRow | null;
  /** The player's ledger account ids by wallet (they never change once made). */
  accounts: Partial<Record<'main' | 'bonus', number>>;
}

const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/** One round trip: the earlier transaction, the live session, the player and their account ids. */
export async function callContext(db: Queryable, input: { providerId: number; transactionId: string; userId: string; now: Date }): Promise<CallContext> {
  const result = await db.query<{ earlier: TransactionRow | null; session: SessionRow | null; player: PlayerRow | null; accounts: Record<string, number> | null }>(
    `select
       (select row_to_json(t) from casino_transactions t where t.provider_id = $1 and t.transaction_id = $2) as earlier,
       (select row_to_json(s) from (select id, user_id, provider_id, game_id, expires_at, wallet, currency from casino_sessions
          where user_id = $3 and provider_id = $1 and expires_at > $4 order by created_at desc, expires_at desc limit 1) s) as session,
       (select row_to_json(u) from (select id, username, name, role, wallet, suspended_at, self_excluded_until, allow_slots, allow_live_casino from users where id = $3) u) as player,
       (select json_object_agg(kind, id) from ledger_accounts where user_id = $3 and kind in ('player_main', 'player_bonus')) as accounts`,
    [input.providerId, input.transactionId, input.userId, input.now],
  );
  const row = result.rows[0];
  const player = row?.player ?? null;
  const session = row?.session ?? null;
  const earlier = row?.earlier ?? null;
  return {
    earlier: earlier === null ? null : { ...earlier, created_at: asDate(earlier.created_at) as Date },
    session: session === null ? null : { ...session, expires_at: asDate(session.expires_at) as Date },
    player: player === null ? null : { ...player, suspended_at: asDate(player.suspended_at), self_excluded_until: asDate(player.self_excluded_until) },
    accounts: { ...(row?.accounts?.player_main === undefined ? {} : { main: Number(row.accounts.player_main) }), ...(row?.accounts?.player_bonus === undefined ? {} : { bonus: Number(row.accounts.player_bonus) }) },
  };
}

/**
 * One round trip at the end of a money call: the round's change, the transaction's answer, and the
 * player's available balance after the posting put into that answer (null when `readableBy` names a
 * provider without a live session of its own). The account row is locked by this transaction's posting,
 * so the balance read here is exactly the one after it.
 */
export async function completeWithBalance(
  tx: Queryable,
  input: {
    rowId: number;
    amountPaise: number;
    wallet: 'main' | 'bonus' | null;
    journalTransactionId: number | null;
    response: unknown;
    roundRowId: number;
    change: { stakePaise?: number; payoutPaise?: number; status?: string; settledAt?: Date };
    accountId: number;
    readableBy: { providerId: number; userId: string; now: Date } | null;
  },
): Promise<number | null> {
  const result = await tx.query<{ balance: string | null }>(
    `with acct as (select balance_paise + exposure_paise as avail from ledger_accounts where id = $11),
          live as (select exists (select 1 from casino_sessions where $12::uuid is not null and user_id = $12::uuid and provider_id = $13 and expires_at > $14) as ok),
          balance as (select case when $12::uuid is null or (select ok from live) then (select avail from acct) end as paise),
          round as (
            update casino_rounds set stake_paise = stake_paise + $6, payout_paise = payout_paise + $7,
              status = coalesce($8, status), settled_at = coalesce($9, settled_at) where id = $5
          )
     update casino_transactions set amount_paise = $2, wallet = $3, journal_transaction_id = $4,
       response = jsonb_set($10::jsonb, '{data,balance}', coalesce(to_jsonb((select paise from balance)::numeric / 100), 'null'::jsonb))
     where id = $1
     returning (select paise from balance)::text as balance`,
    [
      input.rowId,
      input.amountPaise,
      input.wallet,
      input.journalTransactionId,
      input.roundRowId,
      input.change.stakePaise ?? 0,
      input.change.payoutPaise ?? 0,
      input.change.status ?? null,
      input.change.settledAt ?? null,
      JSON.stringify(input.response),
      input.accountId,
      input.readableBy?.userId ?? null,
      input.readableBy?.providerId ?? null,
      input.readableBy?.now ?? null,
    ],
  );
  const balance = result.rows[0]?.balance ?? null;
  return balance === null ? null : Number(balance);
}

export interface ClaimInput {
  providerId: number;
  transactionId: string;
  kind: 'debit' | 'credit';
  roundId: string;
  userId: string;
  wallet: 'main' | 'bonus' | null;
  amountPaise: number;
  requestHash: string;
  at: Date;
}

/**
 * One round trip: claims the transaction id and, only when the claim is new, opens the player's round
 * (a debit: inserted, or the existing one locked) or locks it (a credit: null when there is none).
 * `rowId` is null when the id was already taken (the caller replays the stored answer).
 */
export async function claimWithRound(tx: Queryable, input: ClaimInput, open: { gameId: number; wallet: 'main' | 'bonus' } | null): Promise<{ rowId: number | null; round: RoundRow | null }> {
  const roundSql =
    open === null
      ? `select * from casino_rounds where provider_id = $1 and round_id = $4 and user_id = $5 and exists (select 1 from claim) for update`
      : `insert into casino_rounds (provider_id, round_id, user_id, game_id, wallet, created_at) select $1, $4, $5, $10, $11, $9 where exists (select 1 from claim)
         on conflict (provider_id, round_id, user_id) do update set provider_id = excluded.provider_id returning *`;
  const result = await tx.query<{ claim_id: number | null; round: (Omit<RoundRow, 'created_at' | 'settled_at'> & { created_at: string; settled_at: string | null }) | null }>(
    `with claim as (
       insert into casino_transactions (provider_id, transaction_id, kind, round_id, user_id, wallet, amount_paise, debit_transaction_id, request_hash, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, null, $8, $9)
       on conflict (provider_id, transaction_id) do nothing returning id
     ),
     round as (${roundSql})
     select (select id from claim) as claim_id, (select row_to_json(round) from round) as round`,
    [input.providerId, input.transactionId, input.kind, input.roundId, input.userId, input.wallet, input.amountPaise, input.requestHash, input.at, ...(open === null ? [] : [open.gameId, open.wallet])],
  );
  const row = result.rows[0];
  const round = row?.round ?? null;
  return {
    rowId: row?.claim_id === null || row?.claim_id === undefined ? null : Number(row.claim_id),
    round: round === null ? null : { ...round, created_at: new Date(round.created_at), settled_at: round.settled_at === null ? null : new Date(round.settled_at) },
  };
}
