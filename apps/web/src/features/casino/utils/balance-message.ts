import { paiseToRupees, rupeesToPaise } from '@khel/money';
import { WALLETS, type Profile } from '@khel/contract';

export const CASINO_BALANCE_MESSAGE = 'khel:casino-balance';

/**
 * The house provider's game pages post `{ type: 'khel:casino-balance', balance }` to the app around the
 * frame after every bet and result. Only messages from our own origin count: any other page (an
 * external provider, an ad, an extension) could post anything. Answers the available balance in
 * rupees, or null to ignore the message.
 */
export function readBalanceMessage(event: Pick<MessageEvent, 'origin' | 'data'>, ownOrigin: string): number | null {
  if (event.origin !== ownOrigin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, balance } = data as { type?: unknown; balance?: unknown };
  if (type !== CASINO_BALANCE_MESSAGE || typeof balance !== 'number') return null;
  if (!Number.isFinite(balance) || balance < 0 || rupeesToPaise(balance) === null) return null;
  return balance;
}

/**
 * The profile with the selected wallet moved so that balance + exposure (what the header shows) is the
 * available balance the game reported. Worked in paise; exposure is left alone (casino rounds have none).
 */
export function withAvailableBalance(user: Profile, available: number): Profile {
  const availablePaise = rupeesToPaise(available);
  if (availablePaise === null) return user;
  if (user.wallet === WALLETS.BONUS) {
    const exposure = rupeesToPaise(user.bonusExposure) ?? 0;
    return { ...user, bonus: paiseToRupees(availablePaise - exposure) };
  }
  const exposure = rupeesToPaise(user.exposure) ?? 0;
  return { ...user, balance: paiseToRupees(availablePaise - exposure) };
}
