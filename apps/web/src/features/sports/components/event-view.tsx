import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@khel/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { useLiveTopics } from '../../../lib/live/use-live';
import { useEvent, type EventSlugs } from '../api/get-event';
import { useEventPositions } from '../api/positions';
import { BookmakerMarket } from './bookmaker-market';
import { EventBets } from './event-bets';
import { ExchangeMarket } from './exchange-market';
import { FancyMarkets } from './fancy-markets';
import { LiveIndicator } from './live-indicator';
import { OneClickControl } from './one-click-control';
import { ScorePanel } from './score-panel';
import { SlipHost } from './slip-host';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n/i18n';

function Markets({ event }: { event: EventDetail }) {
  useLiveTopics({ marketIds: event.markets.map((market) => market._id), eventIds: [event._id] });
  useEventPositions(
    event._id,
    event.markets.map((market) => market._id),
  );
  const shown = event.markets.filter((market) => market.status !== 'settled' && market.status !== 'voided');
  const exchange = shown.filter((market) => market.marketType === 'EXCHANGE');
  const bookmaker = shown.filter((market) => market.marketType === 'BOOKMAKER');
  const fancy = shown.filter((market) => market.marketType === 'FANCY');
  return (
    <div className="stack">
      {exchange.map((market) => (
        <ExchangeMarket key={market._id} market={market} eventName={event.name} />
      ))}
      {bookmaker.map((market) => (
        <BookmakerMarket key={market._id} market={market} eventName={event.name} />
      ))}
      {fancy.length > 0 ? <FancyMarkets markets={fancy} eventName={event.name} /> : null}
      {shown.length === 0 ? (
        <EmptyState title={t('No open markets')} testId="markets-empty">
          <p>{t('Markets for this event are closed or not open yet.')}</p>
        </EmptyState>
      ) : null}
    </div>
  );
}

/** The event page (/event?sport=&league=&event=): score / TV panel, every market, the bet slip. */
export function EventView({ slugs }: { slugs: EventSlugs | null }) {
  const query = useEvent(slugs);
  // The event as a deferred value (issue 31): the query's answer lands in a synchronous update, and the
  // page's markets then render in a transition React slices into short tasks, not one long one.
  const event = useDeferredValue(query.data);
  if (slugs === null || query.isError || (query.data === undefined && !query.isPending)) {
    return (
      <EmptyState title={t('This event is not available')} testId="event-empty">
        <p>{t('It may have finished or the link may be wrong.')}</p>
        <Link to="/">{t('Back to Home')}</Link>
      </EmptyState>
    );
  }
  if (event === undefined) {
    return (
      <div className="stack" aria-busy="true" aria-label={t('Loading')}>
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="8rem" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  return <EventPage event={event} />;
}

/** Memoised: the urgent render that carries a new answer keeps the previous page as it is. */
const EventPage = memo(function EventPage({ event }: { event: EventDetail }) {
  return (
    <div className="sports-layout">
      <div className="stack sports-layout__main">
        <header className="event-header">
          <p className="muted event-header__crumbs">
            <Link to="/">{t('Home')}</Link> · {event.sport.name} · {event.league.name}
          </p>
          <h1 className="page-title event-header__title" data-testid="event-name">
            {event.name}
          </h1>
          <p className="event-header__meta">
            {event.inPlay ? (
              <span className="badge badge--live">{t('In-play')}</span>
            ) : (
              <span className="muted">{formatDate(event.startTime, 'medium')}</span>
            )}
            <LiveIndicator />
          </p>
          <OneClickControl />
        </header>
        <ScorePanel event={event} />
        <Markets event={event} />
        <EventBets eventId={event._id} />
      </div>
      <SlipHost event={event} />
    </div>
  );
});
