import type { Market } from '@khel/contract';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarket } from '../hooks/live-markets';
import { SuspendedOverlay, marketBlock } from './market-state';
import { PriceCell } from './price-cell';
import { useMarketPosition } from '../api/positions';
import { FancyBook } from './fancy-book';
import { t } from '../../../lib/i18n/i18n';

/** One fancy line: NO (pink, the lower line) and YES (blue), each with its rate under the runs. */
function FancyRow({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarket(loaded);
  const block = marketBlock(market);
  const position = useMarketPosition(market.eventId, market._id);
  const fancy = market.fancy;
  const noOpen = fancy !== null && fancy.noLine !== null && fancy.noRate !== null;
  const yesOpen = fancy !== null && fancy.yesLine !== null && fancy.yesRate !== null;
  return (
    <div className="runner runner--pair runner--fancy" data-testid="fancy-market" data-market-id={market._id} data-market={market.name}>
      <span className="runner__name">
        {market.name}
        <span className="market__limits muted">
          {t('Min')} {market.minStake.toLocaleString('en-IN')} · Max {market.maxStake.toLocaleString('en-IN')}
        </span>
        <FancyBook market={market} position={position} />
      </span>
      <div className="runner__prices">
        <PriceCell
          side="lay"
          price={fancy?.noLine}
          size={fancy?.noRate === null || fancy?.noRate === undefined ? null : String(fancy.noRate)}
          disabled={block !== null}
          label={t('NO {market}', { market: market.name })}
          onSelect={noOpen ? () => openSlip({ market, marketType: 'FANCY', eventName, runnerId: null, label: market.name, side: 'lay', odds: fancy.noLine ?? 0, oddsSize: fancy.noRate }) : undefined}
          testId="fancy-no"
        />
        <PriceCell
          side="back"
          price={fancy?.yesLine}
          size={fancy?.yesRate === null || fancy?.yesRate === undefined ? null : String(fancy.yesRate)}
          disabled={block !== null}
          label={t('YES {market}', { market: market.name })}
          onSelect={yesOpen ? () => openSlip({ market, marketType: 'FANCY', eventName, runnerId: null, label: market.name, side: 'back', odds: fancy.yesLine ?? 0, oddsSize: fancy.yesRate }) : undefined}
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
