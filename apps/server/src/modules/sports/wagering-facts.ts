import { backProfitPaise, percentLiabilityPaise } from '@khel/money';
import type { BonusProduct } from '@khel/contract';
import type { WageringFact } from '../bonus/bonus-rules.js';
import type { MarketContext } from './market-books.js';
import type { BetRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';

const PRODUCT: Record<string, BonusProduct> = { EXCHANGE: 'exchange', BOOKMAKER: 'bookmaker', FANCY: 'fancy' };

/**
 * What each bonus-wallet bet of a market puts at risk, for bonus wagering (PRODUCT.md §8): the stake
 * of a back or YES, the liability of a lay or NO (an exchange lay's from its fills, as settlement pays
 * it). Odds in hundredths: the exchange price, or 1 + rate for bookmaker and fancy.
 */
export async function bonusWageringFacts(
  context: MarketContext,
  bets: BetRow[],
  state: 'settled' | 'voided',
  description: string,
): Promise<WageringFact[]> {
  const bonusBets = bets.filter((bet) => bet.wallet === 'bonus' && bet.matched_paise > 0);
  if (bonusBets.length === 0) return [];
  const { market } = context;
  const fills = market.type === 'EXCHANGE' ? await createSportsRepository(context.tx).fillsOfMarket(market.id) : [];
  return bonusBets.map((bet) => {
    let amountAtRiskPaise: number;
    let oddsHundredths: number;
    if (market.type === 'EXCHANGE') {
      amountAtRiskPaise =
        bet.side === 'back'
          ? bet.matched_paise
          : fills
              .filter((fill) => fill.lay_bet_id === bet.id)
              .reduce((sum, fill) => sum + backProfitPaise(fill.price_h, fill.stake_paise), 0);
      oddsHundredths = bet.price_h ?? 100;
    } else {
      const rateHundredths = bet.rate_h ?? 0;
      amountAtRiskPaise =
        bet.side === 'back' ? bet.stake_paise : percentLiabilityPaise(rateHundredths, bet.stake_paise);
      oddsHundredths = 100 + Math.floor(rateHundredths / 100);
    }
    return {
      source: 'sports' as const,
      reference: bet.id,
      userId: bet.user_id,
      description,
      product: PRODUCT[market.type] ?? 'exchange',
      amountAtRiskPaise,
      oddsHundredths,
      placedAt: bet.created_at,
      state,
    };
  });
}
