import type { Market, PriceLevel } from '@khel/contract';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarket } from '../hooks/live-markets';
import { MarketLimits, SuspendedOverlay, marketBlock } from './market-state';
import { PriceCell, compactAmount } from './price-cell';
import { useMarketPosition } from '../api/positions';
import { CashOut } from './cash-out';
import { RunnerPosition } from './runner-position';
import { t } from '../../../lib/i18n/i18n';

const LEVELS = 3;
const levels = (side: readonly PriceLevel[]): (PriceLevel | null)[] => Array.from({ length: LEVELS }, (_, index) => side[index] ?? null);

/**
 * An exchange market (match odds): per runner the best three back prices (blue) and lay prices (pink)
 * with the amounts available, best prices in the middle as players expect. Phones show the best of
 * each side only.
 */
export function ExchangeMarket({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarket(loaded);
  const block = marketBlock(market);
  const position = useMarketPosition(market.eventId, market._id);
  return (
    <section className="market market--exchange" aria-label={market.name} data-testid="exchange-market" data-market-id={market._id}>
      <header className="market__header">
        <h3 className="market__title">{market.name}</h3>
        {market.inPlay ? <span className="badge badge--live">{t('In-play')}</span> : null}
        <MarketLimits market={market} />
        {position !== null ? <CashOut market={market} /> : null}
      </header>
      <div className="market__columns" aria-hidden="true">
        <span />
        <span className="market__column-label market__column-label--back">{t('Back')}</span>
        <span className="market__column-label market__column-label--lay">{t('Lay')}</span>
      </div>
      <div className="market__body">
        {market.runners.map((runner) => {
          const backs = levels(runner.back).reverse(); // worst … best, so the best sits next to the lays
          const lays = levels(runner.lay);
          const select = (side: 'back' | 'lay', price: number) => () =>
            openSlip({ market, marketType: 'EXCHANGE', eventName, runnerId: runner._id, label: runner.name, side, odds: price, oddsSize: null });
          return (
            <div className="runner" key={runner._id} data-testid="runner" data-runner={runner.name}>
              <span className="runner__name">
                {runner.name}
                <RunnerPosition name={runner.name} figures={position?.runners.find((row) => row.selectionId === runner._id) ?? null} />
              </span>
              <div className="runner__prices">
                {backs.map((level, index) => (
                  <PriceCell
                    key={`b${index}`}
                    side="back"
                    price={level?.price}
                    size={level ? compactAmount(level.size) : null}
                    best={index === LEVELS - 1}
                    disabled={block !== null}
                    label={t('Back {runner}', { runner: runner.name })}
                    onSelect={level ? select('back', level.price) : undefined}
                    testId={index === LEVELS - 1 ? 'best-back' : undefined}
                  />
                ))}
                {lays.map((level, index) => (
                  <PriceCell
                    key={`l${index}`}
                    side="lay"
                    price={level?.price}
                    size={level ? compactAmount(level.size) : null}
                    best={index === 0}
                    disabled={block !== null}
                    label={t('Lay {runner}', { runner: runner.name })}
                    onSelect={level ? select('lay', level.price) : undefined}
                    testId={index === 0 ? 'best-lay' : undefined}
                  />
                ))}
                {block !== null ? <SuspendedOverlay text={block} /> : null}
              </div>
            </div>
          );
        })}
        {market.runners.length === 0 ? <p className="muted">{t('No runners yet.')}</p> : null}
      </div>
    </section>
  );
}
