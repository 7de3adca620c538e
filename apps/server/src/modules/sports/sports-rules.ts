import { formatPaise } from '@khel/money';
import type { MarketRow } from './sports-repository.js';

/**
 * How a market settles, in the player's words (issue 26), when its own rules were not written: a real
 * feed's fancy line brings its own (Cricsheet's, `@khel/cricket-feed`), an operator may write them for a
 * back-office market, and every other market gets its type's rules here, with its own delay and
 * commission. Each sentence says only what the product does (settlement, lapse, delay, void).
 */
export function defaultMarketRules(
  market: Pick<MarketRow, 'type' | 'bet_delay_seconds' | 'commission_bp' | 'min_stake_paise' | 'max_stake_paise'>,
): string {
  const limits = `Stakes from ${formatPaise(market.min_stake_paise)} to ${formatPaise(market.max_stake_paise)} a bet.`;
  // A delayed bet lapses if the market moved meanwhile (bet-lifecycle.ts); an exchange offer that would not match rests at once.
  const waits = market.type === 'EXCHANGE' ? 'a bet that would be matched waits' : 'a bet waits';
  const delay =
    market.bet_delay_seconds > 0
      ? `In play, ${waits} ${market.bet_delay_seconds} s before it is decided, and lapses if the market changed meanwhile.`
      : 'Bets are decided at once, in play too.';
  const voided = 'If the event is abandoned or has no official result, the market is void and every stake is returned.';
  switch (market.type) {
    case 'EXCHANGE': {
      const commission =
        market.commission_bp > 0
          ? `A commission of ${(market.commission_bp / 100).toFixed(2).replace(/\.?0+$/, '')}% is taken from a net win on the market.`
          : 'No commission is taken.';
      return [
        'You back or lay against other players at the odds you choose; a bet is matched at those odds or better, in whole or in part.',
        'Matched bets settle on the official result.',
        'An unmatched bet lapses when the market is suspended or turns in play, unless you kept it in play, and every unmatched bet lapses when the market closes.',
        delay,
        commission,
        limits,
        voided,
      ].join(' ');
    }
    case 'BOOKMAKER':
      return [
        'The house quotes a back and a lay rate for each team: a rate of 45 wins ₹45 for every ₹100 backed (a lay at 48 risks ₹48 to win ₹100).',
        'A bet is matched in full at the quoted rate and settles on the official result.',
        'If the rate moves while your bet is sent, a better rate is taken and a worse one refused, as your odds preference says.',
        delay,
        limits,
        voided,
      ].join(' ');
    case 'FANCY':
      return [
        'The house quotes a NO and a YES line in runs, each with a rate (100 = even money).',
        'YES wins when the settled total is at or above the YES line; NO wins when it is below the NO line.',
        'The line settles on the official score; if the session is not completed (the innings is reduced or stopped), it is void and every stake is returned.',
        delay,
        limits,
      ].join(' ');
  }
}
