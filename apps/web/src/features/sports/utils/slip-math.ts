import type { MarketType } from '@khel/contract';
import {
  backProfitPaise,
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

/** Chip labels with Indian grouping: 1,000 … 1,00,000. */
export function chipLabel(value: number): string {
  return new Intl.NumberFormat('en-IN').format(value);
}
