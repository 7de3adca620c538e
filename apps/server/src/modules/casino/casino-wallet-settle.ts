import { ROLES } from '@khel/contract';
import type { WalletFigures } from '../wallet/wallet-service.js';
import type { RoundRow } from './casino-repository.js';
import type { Json } from './casino-wallet-reads.js';
import { roundOf } from './casino-wallet-reads.js';

/**
 * What the casino wallet's one settle statement (casino-wallet-batch.ts: claim, round, posting,
 * answer, for a set of calls) takes per call (`SettleInput`), answers per call (`Settled`, with the
 * reason a call was not claimed: `Refused`), and the SQL fragments it is built of. Decisions 0028, 0069.
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
   * fails the statement locks nothing and writes nothing (refused `guard`), and the caller reads the context.
   */
  guard?: { slot: boolean; currency: string | null } | undefined;
  /**
   * The one-statement path (hints): an account another transaction holds locked (a market's
   * settlement, another process's call) is skipped, not waited for (refused `locked`); the call then
   * waits on the context path, alone, so the writer's shared statement never queues behind it. Only
   * such calls are grouped with others (casino-wallet-writer.ts).
   */
  skipLocked?: boolean | undefined;
}

/**
 * Why the statement did not claim a call (casino-wallet-batch.ts): the id is stored (`taken`), the
 * guard failed, the account is held by another transaction (`locked`), an overdraw (`funds`), the
 * provider's payout limit (`limit`), or the round is closed or in another wallet (`round`).
 */
export type Refused = 'taken' | 'guard' | 'locked' | 'funds' | 'limit' | 'round';

/** What the settle statement did for one call (a batch's statement answers one per call). */
export interface Settled {
  /** The id was claimed: the round moved, the posting (if any) went in, the answer is stored. */
  claimed: boolean;
  /** Not claimed: why (casino-wallet-batch.ts); null when claimed. */
  refused: Refused | null;
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
