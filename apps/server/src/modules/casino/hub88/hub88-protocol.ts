import type { CasinoWalletResponse, CasinoWalletStatus, Hub88Answer, Hub88Status } from '@khel/contract';
import { HUB88_UNITS_PER_PAISA } from '@khel/contract';
import { rupeesToPaise } from '@khel/money';

/**
 * How Hub88's Wallet API maps onto our seamless wallet (decision 0046): its amounts to paise, and the
 * wallet's answers to Hub88's statuses. Hub88 speaks of bets, wins and rollbacks naming a bet; our
 * wallet of debits, credits and rollbacks in rounds. A bet is a wallet round of its own, named
 * `<transaction_uuid>/<round>`: the bet debits it, the win that names the bet (same Hub88 round)
 * credits it, the rollback that names it returns it.
 */

/** Hub88 integers → paise; null when the amount is not a whole number of paise (INR has two decimals). */
export function unitsToPaise(units: number): number | null {
  return Number.isSafeInteger(units) && units >= 0 && units % HUB88_UNITS_PER_PAISA === 0
    ? units / HUB88_UNITS_PER_PAISA
    : null;
}
export function paiseToUnits(paise: number): number {
  return paise * HUB88_UNITS_PER_PAISA;
}

/** The wallet round of a bet: unambiguous, as a transaction uuid holds no `/`. */
export function betRound(betUuid: string, round: string | null | undefined): string {
  return `${betUuid}/${round ?? ''}`;
}

/** What each of the wallet's statuses means to Hub88, per call. */
const COMMON: Record<CasinoWalletStatus, Hub88Status> = {
  OK: 'RS_OK',
  INVALID_REQUEST: 'RS_ERROR_WRONG_SYNTAX',
  TOKEN_INVALID: 'RS_ERROR_INVALID_TOKEN',
  PLAYER_NOT_FOUND: 'RS_ERROR_UNKNOWN',
  PLAYER_BLOCKED: 'RS_ERROR_USER_DISABLED',
  GAME_NOT_FOUND: 'RS_ERROR_INVALID_GAME',
  TRANSACTION_MISMATCH: 'RS_ERROR_DUPLICATE_TRANSACTION',
  TRANSACTION_ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  // A win naming a bet we never took (or took in another Hub88 round, or for another user).
  ROUND_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  // A win for a bet that was rolled back.
  ROUND_CLOSED: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  // A second win for one bet, or a rollback of a bet already won: the wallet pays a bet once and never
  // takes a paid win back; Hub88 has no status for it, so it is the general one (and reconciliation shows it).
  ROUND_ALREADY_CREDITED: 'RS_ERROR_UNKNOWN',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
};

export function hub88Status(status: CasinoWalletStatus): Hub88Status {
  return COMMON[status];
}

/** The Hub88 answer for a wallet answer: the status, and the balance (in units) when the wallet answered one. */
export function fromWallet(
  answer: CasinoWalletResponse,
  request: { request_uuid: string; user: string },
  status: Hub88Status = hub88Status(answer.data.status),
): Hub88Answer {
  const paise = answer.data.balance === null ? null : rupeesToPaise(answer.data.balance);
  return {
    status,
    request_uuid: request.request_uuid,
    user: request.user,
    currency: 'INR',
    ...(paise === null ? {} : { balance: paiseToUnits(paise) }),
  };
}

export function refusal(status: Hub88Status, request: { request_uuid?: string; user?: string }): Hub88Answer {
  return {
    status,
    ...(request.request_uuid === undefined ? {} : { request_uuid: request.request_uuid }),
    ...(request.user === undefined ? {} : { user: request.user }),
  };
}
