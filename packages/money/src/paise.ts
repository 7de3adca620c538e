/**
 * Money inside the product is an integer number of paise (1 rupee = 100 paise). Rupees with at most
 * two decimals exist only on the wire and on screen; these functions are the only crossings.
 */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;
/** Largest amount we accept anywhere: ₹1,000 crore (10^12 paise), far below 2^53. */
export const MAX_PAISE = 1_000_000_000_000;

export function isPaise(value: unknown): value is Paise {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Converts a wire amount in rupees to paise. Returns null when the amount has more than two decimals
 * or is not a finite number, so callers answer with a validation message instead of rounding silently.
 */
export function rupeesToPaise(rupees: number): Paise | null {
  if (!Number.isFinite(rupees)) return null;
  // JavaScript prints a number as its shortest round-trip decimal, so the text says exactly how many
  // decimals the sender meant; scaling by 100 in floating point would blur that at large amounts.
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(rupees));
  if (match === null) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const paise = Number(whole) * PAISE_PER_RUPEE + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise) || paise > MAX_PAISE) return null;
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** Paise to the wire's rupees. Exact: every integer paise value divided by 100 round-trips. */
export function paiseToRupees(paise: Paise): number {
  return paise / PAISE_PER_RUPEE;
}

/** Groups digits the Indian way: 1,00,00,000 (thousands, then pairs). */
export function groupIndian(wholeDigits: string): string {
  if (wholeDigits.length <= 3) return wholeDigits;
  const lastThree = wholeDigits.slice(-3);
  let rest = wholeDigits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest.length > 0) pairs.unshift(rest);
  return `${pairs.join(',')},${lastThree}`;
}

/**
 * How an amount is written: with the ₹ symbol and Indian grouping on screen (the defaults); a CSV file
 * takes neither (`1234567.89`), so a spreadsheet reads it as a number.
 */
export interface AmountFormat {
  symbol?: boolean;
  grouping?: boolean;
}

/** ₹1,00,000.00 — always two decimals, a leading minus for negatives (PRODUCT.md §6). */
export function formatPaise(paise: Paise, options: AmountFormat = {}): string {
  const symbol = options.symbol ?? true;
  const grouping = options.grouping ?? true;
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const whole = String(Math.floor(abs / PAISE_PER_RUPEE));
  const fraction = abs % PAISE_PER_RUPEE;
  const text = `${grouping ? groupIndian(whole) : whole}.${String(fraction).padStart(2, '0')}`;
  return `${negative ? '-' : ''}${symbol ? '₹' : ''}${text}`;
}

/** Formats a wire amount in rupees; the amount is converted to paise first so rounding is exact. */
export function formatRupees(rupees: number, options: AmountFormat = {}): string {
  const paise = rupeesToPaise(Math.round(rupees * 100) / 100) ?? 0;
  return formatPaise(paise, options);
}
