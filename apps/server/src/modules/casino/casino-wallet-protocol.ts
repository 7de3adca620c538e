import { CASINO_WALLET_ERRORS, ERRORS, ROLES } from '@khel/contract';
import type { CasinoWalletResponse, CasinoWalletResult, CasinoWalletStatus } from '@khel/contract';
import { sha256Hex } from '../../lib/crypto.js';
import type { PlayerRow } from './casino-repository.js';

/*
 * The wallet protocol's vocabulary: each status's meta.code, meta.error and message, the answer's shape,
 * and the refusal a money call raises inside its database transaction (PRODUCT.md §4 "Casino wallet").
 * A refusal's meta.code and meta.error are its catalogue code's (CASINO_WALLET_ERRORS in the contract).
 */

/** The protocol's own wording where the catalogue code is a general one; the rest read as the catalogue. */
const MESSAGE: Partial<Record<Exclude<CasinoWalletStatus, 'OK'>, string>> = {
  INVALID_REQUEST: 'The request is not valid',
  PLAYER_NOT_FOUND: 'No such player',
  LIMIT_REACHED: "The provider's net payout limit is reached",
};

function refusalMeta(status: Exclude<CasinoWalletStatus, 'OK'>): CasinoWalletResponse['meta'] {
  const error = CASINO_WALLET_ERRORS[status];
  return { code: ERRORS[error].metaCode, message: MESSAGE[status] ?? ERRORS[error].message, error, status };
}

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
    meta: status === 'OK' ? { code: 200, message: 'Success', status } : refusalMeta(status),
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
