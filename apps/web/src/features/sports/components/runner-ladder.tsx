import type { ReactNode } from 'react';
import type { Market } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { useLiveMarketValue } from '../hooks/live-markets';
import { t } from '../../../lib/i18n/i18n';

const DEPTHS = [0, 1, 2];

/**
 * One runner's three-deep ladder (issue 31), opened by a tap on the runner: its best three back and
 * three lay prices with their amounts, the last traded price and the traded volume, all live. Lazy:
 * off the first load.
 */
export default function RunnerLadder({
  market,
  runnerId,
  cell,
}: {
  market: Market;
  runnerId: string;
  cell: (side: 'back' | 'lay', depth: number) => ReactNode;
}) {
  const lastPrice = useLiveMarketValue(
    market,
    (live) => live.runners.find((runner) => runner._id === runnerId)?.lastPriceTraded ?? null,
  );
  const volume = useLiveMarketValue(
    market,
    (live) => live.runners.find((runner) => runner._id === runnerId)?.tradedVolume ?? null,
  );
  return (
    <div className="runner-ladder" data-testid="runner-ladder">
      <p className="runner-ladder__traded muted">
        <span>
          {t('Last traded')} <strong data-testid="runner-ltp">{lastPrice ?? '–'}</strong>
        </span>
        <span>
          {t('Traded')} <strong data-testid="runner-volume">{volume === null ? '–' : formatRupees(volume)}</strong>
        </span>
      </p>
      <div className="runner-ladder__prices">
        {[...DEPTHS].reverse().map((depth) => (
          <span key={`b${depth}`}>{cell('back', depth)}</span>
        ))}
        {DEPTHS.map((depth) => (
          <span key={`l${depth}`}>{cell('lay', depth)}</span>
        ))}
      </div>
    </div>
  );
}
