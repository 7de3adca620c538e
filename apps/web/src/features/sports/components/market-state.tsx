import type { Market } from '@khel/contract';
import { suspendText } from '../../../lib/bet-text';
import { t } from '../../../lib/i18n/i18n';
import { groupedNumber } from '../utils/slip-math';

/** Whether bets can be placed on the market now, and what to say when not. */
export function marketBlock(market: Market): string | null {
  if (market.status === 'open') return null;
  if (market.status === 'suspended') return suspendText(market.suspendReason);
  if (market.status === 'settled') return t('Settled');
  if (market.status === 'voided') return t('Voided');
  return t('Closed');
}

/** The overlay across a suspended row: SUSPENDED, BALL RUNNING, CLOSED. */
export function SuspendedOverlay({ text }: { text: string }) {
  return (
    <div className="market-overlay" data-testid="market-overlay">
      <span>{text}</span>
    </div>
  );
}

export function MarketLimits({ market }: { market: Market }) {
  return (
    <span className="market__limits muted">
      {t('Min {min} · Max {max}', {
        min: groupedNumber(market.minStake),
        max: groupedNumber(market.maxStake),
      })}
    </span>
  );
}
