import type { WalletFigures } from '../wallet/wallet-service.js';
import type { RoundRow } from './casino-repository.js';

/**
 * What the casino wallet's one settle statement (casino-wallet-settle-repository.ts: claim, round,
 * posting, answer, for a set of calls) takes per call (`SettleInput`), answers per call (`Settled`,
 * with the reason a call was not claimed: `Refused`), and how it fails when a racing claim wins
 * (`isTakenId`). Decisions 0028, 0069.
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
 * Why the statement did not claim a call (casino-wallet-settle-repository.ts): the id is stored
 * (`taken`), the guard failed, the account is held by another transaction (`locked`), an overdraw
 * (`funds`), the provider's payout limit (`limit`), or the round is closed or in another wallet (`round`).
 */
export type Refused = 'taken' | 'guard' | 'locked' | 'funds' | 'limit' | 'round';

/** What the settle statement did for one call (a batch's statement answers one per call). */
export interface Settled {
  /** The id was claimed: the round moved, the posting (if any) went in, the answer is stored. */
  claimed: boolean;
  /** Not claimed: why (casino-wallet-settle-repository.ts); null when claimed. */
  refused: Refused | null;
  posted: boolean;
  round: RoundRow | null;
  journalId: number | null;
  /** The available balance answered (null: the provider may not read it). */
  balancePaise: number | null;
  /** The player's wallets after the posting (the moved account as locked), for the balance push. */
  wallets: WalletFigures | null;
}

/** The claim lost a race: another call with this transaction id committed first (23505 on the claim's unique index). */
export function isTakenId(error: unknown): boolean {
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  return (
    code === '23505' &&
    `${constraint ?? ''} ${message ?? ''}`.includes('casino_transactions_provider_id_transaction_id_key')
  );
}
