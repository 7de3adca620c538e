import { MESSAGES, MIN_DEPOSIT_RUPEES } from '@khel/contract';
import { AMOUNT_DECIMALS_MESSAGE, hasTooManyDecimals, parseAmount } from '../../../lib/amount';

/**
 * Spec §5 in its order: amount required ('Please enter amount'), a reference id or a screenshot
 * ('Please provide reference-id or upload a screenshot.'), then the minimum. The check accepts 200
 * itself; PRODUCT.md §6 words the message 'Minimum deposit is ₹200'.
 */
export function validateDeposit(input: {
  amount: string;
  txnRef: string;
  hasScreenshot: boolean;
}): { ok: true; amount: number } | { ok: false; message: string } {
  if (hasTooManyDecimals(input.amount)) return { ok: false, message: AMOUNT_DECIMALS_MESSAGE };
  const amount = parseAmount(input.amount);
  if (amount === null) return { ok: false, message: MESSAGES.depositAmountRequired };
  if (input.txnRef.trim() === '' && !input.hasScreenshot) return { ok: false, message: MESSAGES.depositProofRequired };
  if (amount < MIN_DEPOSIT_RUPEES) return { ok: false, message: MESSAGES.depositMinimum };
  return { ok: true, amount };
}
