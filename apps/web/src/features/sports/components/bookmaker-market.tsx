import type { Market } from '@khel/contract';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarketShape } from '../hooks/live-markets';
import { MarketLimits, SuspendedOverlay, marketBlock } from './market-state';
import { LivePriceCell } from './live-price-cell';
import { useMarketPosition } from '../api/positions';
import { CashOut } from './cash-out';
import { MarketRules } from './market-rules';
import { PinButton } from './pin-button';
import { RunnerPosition } from './runner-position';
import { t } from '../../../lib/i18n/i18n';

const rateOf = (runnerId: string, side: 'backRate' | 'layRate') => (market: Market) =>
  market.runners.find((runner) => runner._id === runnerId)?.[side] ?? null;

/**
 * A bookmaker market: the house's back and lay rates per runner, Indian style (45 = 45 per 100). A
 * bet fills at once at the quoted rate or is refused with "Odds changed". Each rate cell follows its
 * own figure, so a rate update re-renders that cell alone.
 */
export function BookmakerMarket({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarketShape(loaded);
  const block = marketBlock(market);
  const position = useMarketPosition(market.eventId, market._id);
  return (
    <section
      className="market market--bookmaker"
      aria-label={market.name}
      data-testid="bookmaker-market"
      data-market-id={market._id}
    >
      <header className="market__header">
        <h3 className="market__title">{market.name}</h3>
        <span className="badge">{t('Bookmaker')}</span>
        <MarketLimits market={market} />
        <MarketRules marketId={market._id} name={market.name} />
        <PinButton marketId={market._id} name={market.name} />
        {position !== null ? <CashOut market={market} /> : null}
      </header>
      <div className="market__columns market__columns--pair" aria-hidden="true">
        <span />
        <span className="market__column-label market__column-label--back">{t('Back')}</span>
        <span className="market__column-label market__column-label--lay">{t('Lay')}</span>
      </div>
      <div className="market__body">
        {market.runners.map((runner) => {
          const select = (side: 'back' | 'lay') => (rate: number, live: Market) =>
            openSlip({
              market: live,
              marketType: 'BOOKMAKER',
              eventName,
              runnerId: runner._id,
              label: runner.name,
              side,
              odds: rate,
              oddsSize: null,
            });
          return (
            <div className="runner runner--pair" key={runner._id} data-testid="runner" data-runner={runner.name}>
              <span className="runner__name">
                {runner.name}
                <RunnerPosition
                  name={runner.name}
                  figures={position?.runners.find((row) => row.selectionId === runner._id) ?? null}
                />
              </span>
              <div className="runner__prices">
                <LivePriceCell
                  market={market}
                  side="back"
                  price={rateOf(runner._id, 'backRate')}
                  disabled={block !== null}
                  label={t('Back {runner} rate', { runner: runner.name })}
                  onSelect={select('back')}
                  testId="bm-back"
                />
                <LivePriceCell
                  market={market}
                  side="lay"
                  price={rateOf(runner._id, 'layRate')}
                  disabled={block !== null}
                  label={t('Lay {runner} rate', { runner: runner.name })}
                  onSelect={select('lay')}
                  testId="bm-lay"
                />
                {block !== null ? <SuspendedOverlay text={block} /> : null}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
