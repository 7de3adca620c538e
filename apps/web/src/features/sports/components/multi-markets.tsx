import { Link } from 'react-router';
import type { PinnedMarket } from '@khel/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { useLiveTopics } from '../../../lib/live/use-live';
import { eventHref } from '../api/get-event';
import { usePinnedMarkets } from '../api/pinned-markets';
import { useEventPositions } from '../api/positions';
import { BookmakerMarket } from './bookmaker-market';
import { ExchangeMarket } from './exchange-market';
import { FancyMarkets } from './fancy-markets';
import { t } from '../../../lib/i18n/i18n';

/** One event's pinned markets, under a link to the event, with the player's positions on them. */
function EventPins({ pins }: { pins: PinnedMarket[] }) {
  const { event } = pins[0] as PinnedMarket;
  const markets = pins.map((pin) => pin.market);
  useEventPositions(
    event._id,
    markets.map((market) => market._id),
  );
  const fancy = markets.filter((market) => market.marketType === 'FANCY');
  return (
    <section className="stack-sm" aria-label={event.name} data-testid="multi-markets-event">
      <h2 className="event-section__title">
        <Link to={eventHref(event)}>{event.name}</Link>{' '}
        {event.inPlay ? <span className="badge badge--live">{t('In-play')}</span> : null}
      </h2>
      {markets.map((market) =>
        market.marketType === 'EXCHANGE' ? (
          <ExchangeMarket key={market._id} market={market} eventName={event.name} />
        ) : market.marketType === 'BOOKMAKER' ? (
          <BookmakerMarket key={market._id} market={market} eventName={event.name} />
        ) : null,
      )}
      {fancy.length > 0 ? <FancyMarkets markets={fancy} eventName={event.name} /> : null}
    </section>
  );
}

/**
 * Multi Markets (issue 31): every market the player pinned, from any event, with live prices and the
 * slip, grouped by event in the order of their first pin.
 */
export function MultiMarkets() {
  const pins = usePinnedMarkets();
  const list = pins.data ?? [];
  useLiveTopics({
    marketIds: list.map((pin) => pin.market._id),
    eventIds: [...new Set(list.map((pin) => pin.event._id))],
  });
  if (pins.isPending) return <Skeleton height="10rem" />;
  if (list.length === 0)
    return (
      <EmptyState title={t('No pinned markets')} icon="list" testId="multi-markets-empty">
        <p>{t('Tap the pin on any market to follow it here with markets of other matches.')}</p>
      </EmptyState>
    );
  const byEvent = new Map<string, PinnedMarket[]>();
  for (const pin of list) byEvent.set(pin.event._id, [...(byEvent.get(pin.event._id) ?? []), pin]);
  return (
    <div className="stack" data-testid="multi-markets">
      {[...byEvent.entries()].map(([eventId, eventPins]) => (
        <EventPins key={eventId} pins={eventPins} />
      ))}
    </div>
  );
}
