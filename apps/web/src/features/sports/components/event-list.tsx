import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EventSummary, Market } from '@khel/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { useLiveTopics } from '../../../lib/live/use-live';
import { useScrollHints } from '../../../lib/use-scroll-hints';
import { eventHref } from '../api/get-event';
import { useEvents } from '../api/get-events';
import { useSports } from '../api/get-sports';
import { openSlip } from '../hooks/use-bet-slip';
import { useLiveMarketShape, useLiveScore } from '../hooks/live-markets';
import { LiveIndicator } from './live-indicator';
import { SuspendedOverlay, marketBlock } from './market-state';
import { compactAmount } from './price-cell';
import { LivePriceCell } from './live-price-cell';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n/i18n';

const bestOf = (market: Market, runnerId: string, side: 'back' | 'lay') =>
  market.runners.find((runner) => runner._id === runnerId)?.[side][0];
const bestPrice = (runnerId: string, side: 'back' | 'lay') => (market: Market) =>
  bestOf(market, runnerId, side)?.price ?? null;
const bestSize = (runnerId: string, side: 'back' | 'lay') => (market: Market) => {
  const level = bestOf(market, runnerId, side);
  return level ? compactAmount(level.size) : null;
};

/** An event's best back and lay per runner; each cell follows its own figures (the row renders on shape changes only). */
function MainPrices({ market: loaded, eventName }: { market: Market; eventName: string }) {
  const market = useLiveMarketShape(loaded);
  const block = marketBlock(market);
  return (
    <div className="event-row__prices" data-testid="event-prices">
      {market.runners.slice(0, 3).map((runner) => {
        const select = (side: 'back' | 'lay') => (odds: number, live: Market) =>
          openSlip({
            market: live,
            marketType: 'EXCHANGE',
            eventName,
            runnerId: runner._id,
            label: runner.name,
            side,
            odds,
            oddsSize: null,
          });
        return (
          <div key={runner._id} className="event-row__runner">
            <span className="event-row__runner-name">{runner.name}</span>
            <span className="event-row__pair">
              <LivePriceCell
                market={market}
                side="back"
                price={bestPrice(runner._id, 'back')}
                size={bestSize(runner._id, 'back')}
                disabled={block !== null}
                label={t('Back {runner}', { runner: runner.name })}
                onSelect={select('back')}
              />
              <LivePriceCell
                market={market}
                side="lay"
                price={bestPrice(runner._id, 'lay')}
                size={bestSize(runner._id, 'lay')}
                disabled={block !== null}
                label={t('Lay {runner}', { runner: runner.name })}
                onSelect={select('lay')}
              />
            </span>
          </div>
        );
      })}
      {block !== null ? <SuspendedOverlay text={block} /> : null}
    </div>
  );
}

export function EventRow({ event }: { event: EventSummary }) {
  const score = useLiveScore(event._id, event.score);
  return (
    <li className="event-row" data-testid="event-row" data-event={event.slugName}>
      <div className="event-row__info">
        <Link to={eventHref(event)} className="event-row__name">
          {event.name}
        </Link>
        <span className="event-row__meta muted">
          {event.inPlay ? <span className="badge badge--live">{t('Live')}</span> : formatDate(event.startTime, 'start')}
          {score && event.inPlay ? (
            <span className="event-row__score">{[score.home, score.away].filter(Boolean).join(' · ')}</span>
          ) : null}
          <span>
            {event.league.name} · {event.marketCount} markets
          </span>
        </span>
      </div>
      {event.mainMarket ? (
        <MainPrices market={event.mainMarket} eventName={event.name} />
      ) : (
        <span className="muted event-row__no-market">{t('Markets open soon')}</span>
      )}
    </li>
  );
}

/** Memoised: a section redraws when its events change, not on each render of the tabs above it. */
const EventSection = memo(function EventSection({
  title,
  events,
  testId,
}: {
  title: string;
  events: EventSummary[];
  testId: string;
}) {
  if (events.length === 0) return null;
  return (
    <section className="stack-sm" aria-label={title} data-testid={testId}>
      <h3 className="event-section__title">{title}</h3>
      <ul className="event-list">
        {events.map((event) => (
          <EventRow key={event._id} event={event} />
        ))}
      </ul>
    </section>
  );
});

/** Home's sports exchange: sport tabs, then in-play and upcoming events with live best back / lay prices. */
export function EventLists() {
  const [sport, setSport] = useState<string>('');
  const sports = useSports();
  const events = useEvents(sport === '' ? {} : { sport });
  const tabsRef = useRef<HTMLDivElement>(null);
  const tabHints = useScrollHints(tabsRef, sports.data);
  // Deferred (issue 31): the answer lands in a synchronous update; the rows then render in a transition
  // React slices into short tasks, so a long list never blocks a phone's main thread in one go.
  const data = useDeferredValue(events.data);
  const list = useMemo(
    () => (data ?? []).filter((event) => event.status !== 'finished' && event.status !== 'cancelled'),
    [data],
  );
  useLiveTopics({
    marketIds: list.flatMap((event) => (event.mainMarket ? [event.mainMarket._id] : [])),
    eventIds: list.filter((event) => event.inPlay).map((event) => event._id),
  });
  const inPlay = useMemo(() => list.filter((event) => event.inPlay), [list]);
  const upcoming = useMemo(
    () => list.filter((event) => !event.inPlay).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime)),
    [list],
  );

  return (
    <div className="stack">
      <div className="sports-bar">
        <div
          className="sports-tabs"
          role="group"
          aria-label={t('Sport')}
          ref={tabsRef}
          data-more-start={tabHints.start || undefined}
          data-more-end={tabHints.end || undefined}
        >
          <button type="button" className="sports-tab" aria-pressed={sport === ''} onClick={() => setSport('')}>
            {t('All')}
          </button>
          {(sports.data ?? []).map((item) => (
            <button
              key={item._id}
              type="button"
              className="sports-tab"
              aria-pressed={sport === item.slugName}
              onClick={() => setSport(item.slugName)}
            >
              {item.name}
              {item.liveCount > 0 ? <span className="sports-tab__live">{item.liveCount}</span> : null}
            </button>
          ))}
        </div>
        <LiveIndicator />
      </div>
      {data === undefined && !events.isError ? (
        <div className="stack" aria-busy="true" aria-label={t('Loading')}>
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState title={t('No events available right now')} icon="list" testId="sports-empty">
          <p>
            {t(
              'In-play and upcoming matches with exchange, bookmaker and fancy markets will be listed here as soon as they open.',
            )}
          </p>
        </EmptyState>
      ) : (
        <>
          <EventSection title={t('In-Play')} events={inPlay} testId="in-play" />
          <EventSection title={t('Upcoming')} events={upcoming} testId="upcoming" />
        </>
      )}
    </div>
  );
}
