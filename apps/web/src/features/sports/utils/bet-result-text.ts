import type { BetRow } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { lapseReasonText } from '../../../lib/bet-text';
import { t } from '../../../lib/i18n/i18n';

/** The server took the bet (matched, partly or not yet): not refused, not lapsed, not still held. */
export const accepted = (bet: BetRow) =>
  bet.status !== 'lapsed' && bet.status !== 'cancelled' && bet.status !== 'pending';

/** What the player is told about a decided bet, in the slip or in the toast that closes it. */
export function resultText(bet: BetRow): string {
  if (bet.status === 'lapsed' || bet.status === 'cancelled')
    return t('Bet lapsed: {reason}', { reason: lapseReasonText(bet.lapseReason) });
  if (bet.status === 'unmatched' || bet.unmatchedStake > 0) {
    const head =
      bet.matchedStake > 0
        ? t('Partly matched: {amount} matched at {odds},', {
            amount: formatRupees(bet.matchedStake),
            odds: bet.matchedOdds ?? bet.odds,
          })
        : t('Bet placed, unmatched:');
    return `${head} ${t('{amount} waiting for a match. You can cancel it in My Bets.', { amount: formatRupees(bet.unmatchedStake) })}`;
  }
  return t('Bet matched: {amount} at {odds}', {
    amount: formatRupees(bet.matchedStake || bet.stake),
    // The price the fills got (issue 31): an exchange back at 1.85 may fill at 2.00.
    odds: bet.marketType === 'FANCY' ? t('{odds} runs', { odds: bet.odds }) : (bet.matchedOdds ?? bet.odds),
  });
}
