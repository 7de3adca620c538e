import type { Market } from '@khel/contract';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarketShape } from '../hooks/live-markets';
import { SuspendedOverlay, marketBlock } from './market-state';
import { LivePriceCell } from './live-price-cell';
import { useMarketPosition } from '../api/positions';
import { CashOut } from './cash-out';
import { FancyBook } from './fancy-book';
import { MarketRules } from './market-rules';
import { PinButton } from './pin-button';
import { t } from '../../../lib/i18n/i18n';
import { groupedNumber } from '../utils/slip-math';

const rateText = (rate: number | null | undefined) => (rate === null || rate === undefined ? null : String(rate));

/** One fancy line: NO (pink, the lower line) and YES (blue), each with its rate under the runs; the cells follow their own figures. */
function FancyRow({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarketShape(loaded);
  const block = marketBlock(market);
  const position = useMarketPosition(market.eventId, market._id);
  const fancy = market.fancy;
  const noOpen = fancy !== null && fancy.noLine !== null && fancy.noRate !== null;
  const yesOpen = fancy !== null && fancy.yesLine !== null && fancy.yesRate !== null;
  return (
    <div
      className="runner runner--pair runner--fancy"
      data-testid="fancy-market"
      data-market-id={market._id}
      data-market={market.name}
    >
      <span className="runner__name">
        {market.name}
        <span className="market__limits muted">
          {t('Min {min} · Max {max}', {
            min: groupedNumber(market.minStake),
            max: groupedNumber(market.maxStake),
          })}
        </span>
        <MarketRules marketId={market._id} name={market.name} />
        <PinButton marketId={market._id} name={market.name} />
        <FancyBook market={market} position={position} />
        {/* A fancy position can be cashed out from its row, not only from its Book (issue 31). */}
        {position !== null && position.fancyBook.length > 0 ? <CashOut market={market} /> : null}
      </span>
      <div className="runner__prices">
        <LivePriceCell
          market={market}
          side="lay"
          price={(live) => live.fancy?.noLine}
          size={(live) => rateText(live.fancy?.noRate)}
          disabled={block !== null}
          label={t('NO {market}', { market: market.name })}
          onSelect={
            noOpen
              ? (line, live) =>
                  openSlip({
                    market: live,
                    marketType: 'FANCY',
                    eventName,
                    runnerId: null,
                    label: market.name,
                    side: 'lay',
                    odds: line,
                    oddsSize: live.fancy?.noRate ?? null,
                  })
              : undefined
          }
          testId="fancy-no"
        />
        <LivePriceCell
          market={market}
          side="back"
          price={(live) => live.fancy?.yesLine}
          size={(live) => rateText(live.fancy?.yesRate)}
          disabled={block !== null}
          label={t('YES {market}', { market: market.name })}
          onSelect={
            yesOpen
              ? (line, live) =>
                  openSlip({
                    market: live,
                    marketType: 'FANCY',
                    eventName,
                    runnerId: null,
                    label: market.name,
                    side: 'back',
                    odds: line,
                    oddsSize: live.fancy?.yesRate ?? null,
                  })
              : undefined
          }
          testId="fancy-yes"
        />
        {block !== null ? <SuspendedOverlay text={block} /> : null}
      </div>
    </div>
  );
}

/** Fancy markets (session runs and the like): NO / YES lines in runs with their rates. */
export function FancyMarkets({ markets, eventName }: { markets: Market[]; eventName: string }) {
  return (
    <section className="market market--fancy" aria-label={t('Fancy')} data-testid="fancy-section">
      <header className="market__header">
        <h3 className="market__title">{t('Fancy')}</h3>
      </header>
      <div className="market__columns market__columns--pair" aria-hidden="true">
        <span />
        <span className="market__column-label market__column-label--lay">{t('No')}</span>
        <span className="market__column-label market__column-label--back">{t('Yes')}</span>
      </div>
      <div className="market__body">
        {markets.map((market) => (
          <FancyRow key={market._id} market={market} eventName={eventName} />
        ))}
      </div>
    </section>
  );
}
