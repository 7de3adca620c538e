import { useState } from 'react';

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

interface Flash {
  price: number | null | undefined;
  direction: 'up' | 'down' | null;
  /** Counts the moves: the flash element is keyed by it, so each move restarts the CSS animation. */
  moves: number;
}

/**
 * The direction of the last move of a price (none on the first render), worked out while rendering
 * (React's "state from the previous render" pattern): no effect, no timer, no second commit per move.
 */
function usePriceMove(price: number | null | undefined): Flash {
  const [seen, setSeen] = useState<Flash>({ price, direction: null, moves: 0 });
  if (Object.is(seen.price, price)) return seen;
  const before = seen.price;
  const moved = before !== null && before !== undefined && price !== null && price !== undefined;
  const next: Flash = { price, direction: moved ? (price > before ? 'up' : 'down') : null, moves: seen.moves + 1 };
  setSeen(next);
  return next;
}

/**
 * One back (blue) or lay (pink) cell; flashes when its price moves. The flash is a CSS animation on a
 * child keyed by the move count (remounting restarts it; it fades by itself), so thousands of moves a
 * second cost no timers and no extra renders.
 */
export function PriceCell({ side, price, size, best = true, disabled, label, onSelect, testId }: PriceCellProps) {
  const flash = usePriceMove(price);
  const empty = price === null || price === undefined;
  const classes = [
    'price',
    `price--${side}`,
    best ? 'price--best' : 'price--depth',
    flash.direction ? `price--flash-${flash.direction}` : '',
    empty ? 'price--empty' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      disabled={disabled || empty || !onSelect}
      onClick={onSelect}
      aria-label={empty ? `${label}: no price` : `${label} ${price}${size ? `, ${size}` : ''}`}
      data-testid={testId}
    >
      {flash.direction ? <span key={flash.moves} className="price__flash" aria-hidden="true" /> : null}
      <span className="price__odds">{empty ? '–' : price}</span>
      {size && !empty ? <span className="price__size">{size}</span> : null}
    </button>
  );
}
