import { rupeesToPaise } from '@khel/money';

/** What an amount field accepts while typing: digits and one decimal point with at most 2 decimals. */
export function cleanAmountInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  if (rest.length === 0) return whole.slice(0, 9);
  return `${whole.slice(0, 9)}.${rest.join('').slice(0, 2)}`;
}

/** The typed amount as rupees, or null when it is empty, zero or not a number. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0 || rupeesToPaise(value) === null) return null;
  return value;
}
