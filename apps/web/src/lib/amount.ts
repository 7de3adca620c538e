import { rupeesToPaise } from '@khel/money';
import { msg } from './i18n/i18n';

/** Rupees have paise and no less (issue 31: 200.555 was silently taken as 200.55). */
export const AMOUNT_DECIMALS_MESSAGE = msg('Enter an amount with at most two decimals');

/**
 * What an amount field accepts while typing: digits and one decimal point. Decimals are kept as typed
 * (a few more than two, so a third one is seen and refused with AMOUNT_DECIMALS_MESSAGE, never cut off).
 */
export function cleanAmountInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  if (rest.length === 0) return whole.slice(0, 9);
  return `${whole.slice(0, 9)}.${rest.join('').slice(0, 4)}`;
}

/** Whether the typed amount has more than two decimals (then it is refused with a message, not rounded). */
export function hasTooManyDecimals(text: string): boolean {
  return /\.\d{3,}/.test(text.replace(/,/g, '').trim());
}

/** The typed amount as rupees, or null when it is empty, zero or not a number. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0 || rupeesToPaise(value) === null) return null;
  return value;
}
