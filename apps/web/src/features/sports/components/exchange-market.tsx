import { Fragment, Suspense, lazy, useState } from 'react';
import type { Market, Runner } from '@khel/contract';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarketShape } from '../hooks/live-markets';
import { MarketLimits, SuspendedOverlay, marketBlock } from './market-state';
import { compactAmount } from './price-cell';
import { LivePriceCell } from './live-price-cell';
import { useMarketPosition } from '../api/positions';
import { CashOut } from './cash-out';
import { MarketRules } from './market-rules';
import { PinButton } from './pin-button';
import { RunnerPosition } from './runner-position';
import { t } from '../../../lib/i18n/i18n';

/** A runner's three-deep ladder with its last traded price and volume (issue 31): lazy, off the first load. */
const RunnerLadder = lazy(() => import('./runner-ladder'));

const LEVELS = 3;
const DEPTHS = Array.from({ length: LEVELS }, (_, depth) => depth);

/** Pickers of one ladder level of one runner's side, for a live cell. */
const levelOf = (market: Market, runnerId: string, side: 'back' | 'lay', depth: number) =>
  market.runners.find((runner) => runner._id === runnerId)?.[side][depth];
const priceAt = (runnerId: string, side: 'back' | 'lay', depth: number) => (market: Market) =>
  levelOf(market, runnerId, side, depth)?.price ?? null;
const sizeAt = (runnerId: string, side: 'back' | 'lay', depth: number) => (market: Market) => {
  const level = levelOf(market, runnerId, side, depth);
  return level ? compactAmount(level.size) : null;
};

function LadderCell({
  market,
  runner,
  side,
  depth,
  blocked,
  eventName,
}: {
  market: Market;
  runner: Runner;
  side: 'back' | 'lay';
  depth: number;
  blocked: boolean;
  eventName: string;
}) {
  const best = depth === 0;
  return (
    <LivePriceCell
      market={market}
      side={side}
      price={priceAt(runner._id, side, depth)}
      size={sizeAt(runner._id, side, depth)}
      best={best}
      disabled={blocked}
      label={side === 'back' ? t('Back {runner}', { runner: runner.name }) : t('Lay {runner}', { runner: runner.name })}
      onSelect={(odds, live) =>
        openSlip({
          market: live,
          marketType: 'EXCHANGE',
          eventName,
          runnerId: runner._id,
          label: runner.name,
          side,
          odds,
          oddsSize: null,
        })
      }
      testId={best ? `best-${side}` : undefined}
    />
  );
}

/**
 * An exchange market (match odds): per runner the best three back prices (blue) and lay prices (pink)
 * with the amounts available, best prices in the middle as players expect. Phones show the best of
 * each side only. The frame renders when the market's shape changes; each price cell follows its own
 * figures, so a price update re-renders only the cells that moved.
 */
export function ExchangeMarket({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarketShape(loaded);
  const block = marketBlock(market);
  const position = useMarketPosition(market.eventId, market._id);
  const [ladderOf, setLadderOf] = useState<string | null>(null);
  return (
    <section
      className="market market--exchange"
      aria-label={market.name}
      data-testid="exchange-market"
      data-market-id={market._id}
    >
      <header className="market__header">
        <h3 className="market__title">{market.name}</h3>
        {market.inPlay ? <span className="badge badge--live">{t('In-play')}</span> : null}
        <MarketLimits market={market} />
        <MarketRules marketId={market._id} name={market.name} />
        <PinButton marketId={market._id} name={market.name} />
        {position !== null ? <CashOut market={market} /> : null}
      </header>
      <div className="market__columns" aria-hidden="true">
        <span />
        <span className="market__column-label market__column-label--back">{t('Back')}</span>
        <span className="market__column-label market__column-label--lay">{t('Lay')}</span>
      </div>
      <div className="market__body">
        {market.runners.map((runner) => (
          <Fragment key={runner._id}>
            <div className="runner" data-testid="runner" data-runner={runner.name}>
              <span className="runner__name">
                <button
                  type="button"
                  className="runner__toggle"
                  aria-expanded={ladderOf === runner._id}
                  aria-label={t('Show the ladder of {runner}', { runner: runner.name })}
                  onClick={() => setLadderOf(ladderOf === runner._id ? null : runner._id)}
                  data-testid="runner-ladder-toggle"
                >
                  {runner.name}
                </button>
                <RunnerPosition
                  name={runner.name}
                  figures={position?.runners.find((row) => row.selectionId === runner._id) ?? null}
                />
              </span>
              <div className="runner__prices">
                {/* worst … best, so the best back sits next to the best lay */}
                {[...DEPTHS].reverse().map((depth) => (
                  <LadderCell
                    key={`b${depth}`}
                    market={market}
                    runner={runner}
                    side="back"
                    depth={depth}
                    blocked={block !== null}
                    eventName={eventName}
                  />
                ))}
                {DEPTHS.map((depth) => (
                  <LadderCell
                    key={`l${depth}`}
                    market={market}
                    runner={runner}
                    side="lay"
                    depth={depth}
                    blocked={block !== null}
                    eventName={eventName}
                  />
                ))}
                {block !== null ? <SuspendedOverlay text={block} /> : null}
              </div>
            </div>
            {ladderOf === runner._id ? (
              <Suspense fallback={null}>
                <RunnerLadder
                  market={market}
                  runnerId={runner._id}
                  cell={(side, depth) => (
                    <LadderCell
                      market={market}
                      runner={runner}
                      side={side}
                      depth={depth}
                      blocked={block !== null}
                      eventName={eventName}
                    />
                  )}
                />
              </Suspense>
            ) : null}
          </Fragment>
        ))}
        {market.runners.length === 0 ? <p className="muted">{t('No runners yet.')}</p> : null}
      </div>
    </section>
  );
}
