import type { Market } from '@khel/contract';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarket } from '../hooks/live-markets';
import { MarketLimits, SuspendedOverlay, marketBlock } from './market-state';
import { PriceCell } from './price-cell';
import { useMarketPosition } from '../api/positions';
import { CashOut } from './cash-out';
import { RunnerPosition } from './runner-position';
import { t } from '../../../lib/i18n/i18n';

/**
 * A bookmaker market: the house's back and lay rates per runner, Indian style (45 = 45 per 100). A
 * bet fills at once at the quoted rate or is refused with "Odds changed".
 */
export function BookmakerMarket({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarket(loaded);
  const block = marketBlock(market);
  const position = useMarketPosition(market.eventId, market._id);
  return (
    <section className="market market--bookmaker" aria-label={market.name} data-testid="bookmaker-market" data-market-id={market._id}>
      <header className="market__header">
        <h3 className="market__title">{market.name}</h3>
        <span className="badge">{t('Bookmaker')}</span>
        <MarketLimits market={market} />
        {position !== null ? <CashOut market={market} /> : null}
      </header>
      <div className="market__columns market__columns--pair" aria-hidden="true">
        <span />
        <span className="market__column-label market__column-label--back">{t('Back')}</span>
        <span className="market__column-label market__column-label--lay">{t('Lay')}</span>
      </div>
      <div className="market__body">
        {market.runners.map((runner) => {
          const select = (side: 'back' | 'lay', rate: number | null) =>
            rate === null ? undefined : () => openSlip({ market, marketType: 'BOOKMAKER', eventName, runnerId: runner._id, label: runner.name, side, odds: rate, oddsSize: null });
          return (
            <div className="runner runner--pair" key={runner._id} data-testid="runner" data-runner={runner.name}>
              <span className="runner__name">
                {runner.name}
                <RunnerPosition name={runner.name} figures={position?.runners.find((row) => row.selectionId === runner._id) ?? null} />
              </span>
              <div className="runner__prices">
                <PriceCell side="back" price={runner.backRate} disabled={block !== null} label={t('Back {runner} rate', { runner: runner.name })} onSelect={select('back', runner.backRate)} testId="bm-back" />
                <PriceCell side="lay" price={runner.layRate} disabled={block !== null} label={t('Lay {runner} rate', { runner: runner.name })} onSelect={select('lay', runner.layRate)} testId="bm-lay" />
                {block !== null ? <SuspendedOverlay text={block} /> : null}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
