import type { MarketType } from '@khel/contract';
import {
  backProfitPaise,
  groupIndian,
  layLiabilityPaise,
  percentLiabilityPaise,
  percentProfitPaise,
  rupeesToPaise,
  toHundredths,
  type Paise,
} from '@khel/money';

/**
 * What a bet wins and what it can lose, in paise, computed with @khel/money exactly as the server
 * settles it (spec §9, PRODUCT.md §4). The server is the authority; this is the slip's preview.
 * - EXCHANGE back: wins (odds − 1) × stake, loses the stake; lay: wins the stake, risks (odds − 1) × stake.
 * - BOOKMAKER (rate r, Indian style): back wins r/100 × stake, loses the stake; lay wins the stake, risks r/100 × stake.
 * - FANCY YES (back) at rate r wins r/100 × stake, loses the stake; NO (lay) wins the stake, risks r/100 × stake.
 */
export interface SlipPreview {
  winPaise: Paise;
  /** The liability: what the bet loses, a positive number. */
  lossPaise: Paise;
}

export function slipPreview(input: {
  marketType: MarketType;
  side: 'back' | 'lay';
  odds: number;
  oddsSize: number | null;
  stake: number;
}): SlipPreview | null {
  const stakePaise = rupeesToPaise(input.stake);
  if (stakePaise === null || stakePaise <= 0) return null;
  if (input.marketType === 'EXCHANGE') {
    const odds = toHundredths(input.odds);
    if (odds === null || odds <= 100) return null;
    return input.side === 'back'
      ? { winPaise: backProfitPaise(odds, stakePaise), lossPaise: stakePaise }
      : { winPaise: stakePaise, lossPaise: layLiabilityPaise(odds, stakePaise) };
  }
  const rate = toHundredths(input.marketType === 'FANCY' ? (input.oddsSize ?? 100) : input.odds);
  if (rate === null || rate <= 0) return null;
  return input.side === 'back'
    ? { winPaise: percentProfitPaise(rate, stakePaise), lossPaise: stakePaise }
    : { winPaise: stakePaise, lossPaise: percentLiabilityPaise(rate, stakePaise) };
}

/** Parses the stake field: rupees with at most two decimals, or null. */
export function parseStake(text: string): number | null {
  const trimmed = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/**
 * A rupee amount with Indian grouping, as en-IN writes it: 1,000 … 1,00,000 (chips, a market's limits).
 * By hand, not Intl.NumberFormat: the first Intl formatter loads ICU data, a long task on a phone's
 * first paint of the event page (issue 31).
 */
export function groupedNumber(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  return `${value < 0 ? '-' : ''}${groupIndian(whole)}${fraction === undefined ? '' : `.${fraction.slice(0, 3)}`}`;
}
