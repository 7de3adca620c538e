import { bookmakerBetLine, worstLossPaise } from '@khel/exchange';
import type { SettledPosition } from '@khel/exchange';
import type { BonusProduct } from '@khel/contract';
import type { WageringFact } from '../../bonus/bonus-rules.js';
import type { MarketContext } from '../writer/index.js';
import { fancyBetOf, positionLines } from '../positions/index.js';
import type { BetRow, FillRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';

const PRODUCT: Record<string, BonusProduct> = { EXCHANGE: 'exchange', BOOKMAKER: 'bookmaker', FANCY: 'fancy' };

/** A bet that is part of what a market settles: matched, not closed by a cash out against the house. */
export function isSettledPart(bet: BetRow): boolean {
  return (
    bet.closed_by === null &&
    bet.matched_paise > 0 &&
    ['matched', 'unmatched', 'settled', 'cancelled', 'lapsed'].includes(bet.status)
  );
}

/** The closing bet of a cash out against the house: it settled the closed bets for its value then. */
const isCashOutClosing = (bet: BetRow) => bet.closed_by === bet.id;

/** Decimal odds in hundredths a bet counts at: its exchange price, or 1 + rate for bookmaker and fancy. */
function oddsOf(bet: BetRow): number {
  return bet.price_h ?? 100 + Math.floor((bet.rate_h ?? 0) / 100);
}

/**
 * Bonus wagering counts risk, not turnover (PRODUCT.md §8, decision 0045): per settled market and
 * player, the worst loss of the bonus-wallet position (POS-5), never the sum of its stakes. A back and a
 * lay of one runner count their difference; a position greened up by an exchange cash out counts what
 * its hedged book could still lose; one closed against the house counts the loss it settled for. Under
 * a minimum odds, the bets below it cannot add to the count: it is the lesser of the whole position's
 * risk and the risk of its bets at or above the minimum (hedges at any odds still lower it).
 */
export async function bonusWageringFacts(
  context: MarketContext,
  bets: readonly BetRow[],
  state: 'settled' | 'voided',
  description: string,
): Promise<WageringFact[]> {
  const byPlayer = new Map<string, BetRow[]>();
  for (const bet of bets) {
    if (bet.wallet !== 'bonus' || !(isSettledPart(bet) || isCashOutClosing(bet))) continue;
    const mine = byPlayer.get(bet.user_id);
    if (mine === undefined) byPlayer.set(bet.user_id, [bet]);
    else mine.push(bet);
  }
  if (byPlayer.size === 0) return [];
  const { market, runners } = context;
  const fills = market.type === 'EXCHANGE' ? await createSportsRepository(context.tx).fillsOfMarket(market.id) : [];
  const runnerIds = runners.map((runner) => runner.id);

  const facts: WageringFact[] = [];
  for (const [userId, mine] of byPlayer) {
    const open = mine.filter(isSettledPart);
    const lockedPaise = mine.filter(isCashOutClosing).reduce((sum, bet) => sum + (bet.profit_loss_paise ?? 0), 0);
    const riskOf = (counted: readonly BetRow[]) =>
      worstLossPaise(settledPosition(context, runnerIds, counted, fills, lockedPaise));
    const amountAtRiskPaise = riskOf(open);
    facts.push({
      source: 'sports',
      reference: `${market.id}:${userId}`,
      userId,
      description,
      product: PRODUCT[market.type] ?? 'exchange',
      amountAtRiskPaise,
      oddsHundredths: open.length === 0 ? null : Math.min(...open.map(oddsOf)),
      countableAtOdds: (minOddsHundredths) =>
        Math.min(amountAtRiskPaise, riskOf(open.filter((bet) => oddsOf(bet) >= minOddsHundredths))),
      placedAt: new Date(Math.min(...mine.map((bet) => bet.created_at.getTime()))),
      state,
    });
  }
  return facts;
}

/** One player's bets on the market as the engine's settled position, with the cash outs' value. */
function settledPosition(
  context: MarketContext,
  runnerIds: readonly string[],
  bets: readonly BetRow[],
  fills: readonly FillRow[],
  lockedPaise: number,
): SettledPosition {
  const { market } = context;
  if (market.type === 'FANCY') return { kind: 'fancy', bets: bets.map(fancyBetOf), lockedPaise };
  const lines =
    market.type === 'EXCHANGE'
      ? positionLines(market, bets, fills).matched
      : bets.map((bet) =>
          bookmakerBetLine({
            runnerId: bet.runner_id as string,
            side: bet.side,
            rateHundredths: bet.rate_h as number,
            stakePaise: bet.stake_paise,
          }),
        );
  return { kind: 'runners', runnerIds, lines, lockedPaise };
}
