import { ROLES } from '@khel/contract';
import type { CasinoWalletResponse, CasinoWalletResult, CasinoWalletStatus } from '@khel/contract';
import { sha256Hex } from '../../lib/crypto.js';
import type { PlayerRow } from './casino-repository.js';

/**
 * The wallet protocol's vocabulary: each status's meta.code and message, the answer's shape, and the
 * refusal a money call raises inside its database transaction (PRODUCT.md §4 "Casino wallet").
 */
export const META_CODE: Record<CasinoWalletStatus, number> = {
  OK: 200,
  INVALID_REQUEST: 400,
  TOKEN_INVALID: 403,
  PLAYER_NOT_FOUND: 404,
  PLAYER_BLOCKED: 403,
  GAME_NOT_FOUND: 404,
  TRANSACTION_MISMATCH: 409,
  TRANSACTION_ROLLED_BACK: 409,
  ROUND_NOT_FOUND: 404,
  ROUND_CLOSED: 409,
  ROUND_ALREADY_CREDITED: 409,
  INSUFFICIENT_FUNDS: 422,
  LIMIT_REACHED: 422,
};
const MESSAGE: Record<CasinoWalletStatus, string> = {
  OK: 'Success',
  INVALID_REQUEST: 'The request is not valid',
  TOKEN_INVALID: 'The launch token is unknown or expired',
  PLAYER_NOT_FOUND: 'No such player',
  PLAYER_BLOCKED: 'The player may not play this game now',
  GAME_NOT_FOUND: 'No such game for this provider',
  TRANSACTION_MISMATCH: 'This transaction id was used for a different request',
  TRANSACTION_ROLLED_BACK: 'This transaction was rolled back before it arrived',
  ROUND_NOT_FOUND: 'No debit in this round',
  ROUND_CLOSED: 'This round is closed',
  ROUND_ALREADY_CREDITED: 'This round was credited; it cannot be rolled back',
  INSUFFICIENT_FUNDS: 'Insufficient balance',
  LIMIT_REACHED: "The provider's net payout limit is reached",
};

/** A refusal raised inside a database transaction: it rolls back whatever the call had written. */
export class Refusal extends Error {
  constructor(
    readonly status: CasinoWalletStatus,
    readonly wallet: 'main' | 'bonus' | null = null,
  ) {
    super(status);
  }
}
/** A tombstone clashed with a debit committing at that moment: run the rollback again, it will find the debit. */
export class RetryRollback extends Error {}

export function walletAnswer(status: CasinoWalletStatus, data: Partial<CasinoWalletResult> = {}): CasinoWalletResponse {
  return {
    meta: { code: META_CODE[status], message: MESSAGE[status], status },
    data: {
      status,
      balance: null,
      currency: 'INR',
      transactionId: null,
      reference: null,
      wallet: null,
      playerId: null,
      playerName: null,
      ...data,
    },
  };
}

/** What the same transaction id must carry on a retry (the timestamp differs between retries). */
export function requestHash(kind: string, parts: (string | number)[]): string {
  return sha256Hex(`${kind}|${parts.join('|')}`);
}

/** The wallet a stake comes from: the one the player selected; credit players have only main. */
export function stakeWallet(player: PlayerRow): 'main' | 'bonus' {
  return player.role !== ROLES.CREDIT_PLAYER && player.wallet === '2' ? 'bonus' : 'main';
}

export function isBlocked(player: PlayerRow, now: Date): boolean {
  return player.suspended_at !== null || (player.self_excluded_until !== null && player.self_excluded_until > now);
}
