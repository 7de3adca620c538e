import { MESSAGES, MIN_WITHDRAWAL_RUPEES } from '@khel/contract';
import { AMOUNT_DECIMALS_MESSAGE, hasTooManyDecimals, parseAmount } from '../../../lib/amount';
import { msg } from '../../../lib/i18n/i18n';

export const CHOOSE_ACCOUNT_MESSAGE = msg('Choose the account to be paid into');

/** Amount required, an account chosen, then at least ₹100 (MESSAGES.withdrawalMinimum). */
export function validateWithdrawal(input: {
  amount: string;
  accountId: string | null;
}): { ok: true; amount: number; accountId: string } | { ok: false; message: string } {
  if (hasTooManyDecimals(input.amount)) return { ok: false, message: AMOUNT_DECIMALS_MESSAGE };
  const amount = parseAmount(input.amount);
  if (amount === null) return { ok: false, message: MESSAGES.withdrawalAmountRequired };
  if (input.accountId === null) return { ok: false, message: CHOOSE_ACCOUNT_MESSAGE };
  if (amount < MIN_WITHDRAWAL_RUPEES) return { ok: false, message: MESSAGES.withdrawalMinimum };
  return { ok: true, amount, accountId: input.accountId };
}
