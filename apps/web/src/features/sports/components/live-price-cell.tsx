import type { Market } from '@khel/contract';
import { newestMarket, useLiveMarketValue } from '../hooks/live-markets';
import { PriceCell, type PriceCellProps } from './price-cell';

export interface LivePriceCellProps extends Omit<PriceCellProps, 'price' | 'size' | 'onSelect'> {
  /** The market as loaded (or its frame's shape); the cell follows its live state by id. */
  market: Market;
  price: (market: Market) => number | null | undefined;
  size?: (market: Market) => string | null;
  /** Called with the price shown and the newest market when the cell is tapped. */
  onSelect?: (price: number, market: Market) => void;
}

/**
 * A price cell subscribed to its own price and size in the live market store: when a market update
 * arrives, only the cells whose figures changed re-render (not the market, its rows or its other
 * cells). Pickers return primitives.
 */
export function LivePriceCell({ market, price: pickPrice, size: pickSize, onSelect, ...cell }: LivePriceCellProps) {
  const price = useLiveMarketValue(market, pickPrice);
  const size = useLiveMarketValue(market, pickSize ?? noSize);
  const select =
    onSelect && price !== null && price !== undefined ? () => onSelect(price, newestMarket(market)) : undefined;
  return <PriceCell {...cell} price={price} size={size} onSelect={select} />;
}

const noSize = () => null;
