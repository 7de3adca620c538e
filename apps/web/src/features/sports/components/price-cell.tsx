import { usePriceFlash } from '../hooks/use-price-flash';

/** Amounts in a ladder cell: 950, 12.5k, 3.2L (lakh), as Indian exchange players read them. */
export function compactAmount(rupees: number): string {
  if (rupees < 1000) return String(Math.floor(rupees));
  const trim = (value: number) => value.toFixed(1).replace(/\.0$/, '');
  if (rupees < 100_000) return `${trim(rupees / 1000)}k`;
  return `${trim(rupees / 100_000)}L`;
}

export interface PriceCellProps {
  side: 'back' | 'lay';
  price: number | null | undefined;
  /** The amount available (exchange) or the rate (fancy) under the price. */
  size?: string | null;
  /** The best price of its side: full colour; deeper levels are lighter. */
  best?: boolean;
  disabled?: boolean;
  label: string;
  onSelect?: () => void;
  testId?: string;
}

/** One back (blue) or lay (pink) cell; flashes when its price moves. */
export function PriceCell({ side, price, size, best = true, disabled, label, onSelect, testId }: PriceCellProps) {
  const flash = usePriceFlash(price);
  const empty = price === null || price === undefined;
  const classes = ['price', `price--${side}`, best ? 'price--best' : 'price--depth', flash ? `price--flash-${flash}` : '', empty ? 'price--empty' : ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} disabled={disabled || empty || !onSelect} onClick={onSelect} aria-label={empty ? `${label}: no price` : `${label} ${price}${size ? `, ${size}` : ''}`} data-testid={testId}>
      <span className="price__odds">{empty ? '–' : price}</span>
      {size && !empty ? <span className="price__size">{size}</span> : null}
    </button>
  );
}
