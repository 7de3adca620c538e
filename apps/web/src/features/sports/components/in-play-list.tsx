import type { EventSummary } from '@khel/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { useLiveTopics } from '../../../lib/live/use-live';
import { useEvents } from '../api/get-events';
import { EventRow } from './event-list';
import { t } from '../../../lib/i18n/i18n';

/**
 * The In-Play list (issue 31): every event in play now, across sports, grouped by sport, each with its
 * main market's best back and lay following the live channel; a tap on a price opens the slip.
 */
export function InPlayList() {
  const events = useEvents({ inPlay: true });
  const list = (events.data ?? []).filter((event) => event.inPlay);
  useLiveTopics({
    marketIds: list.flatMap((event) => (event.mainMarket ? [event.mainMarket._id] : [])),
    eventIds: list.map((event) => event._id),
  });
  if (events.isPending)
    return (
      <div className="stack" aria-busy="true" aria-label={t('Loading')}>
        <Skeleton height="4rem" />
        <Skeleton height="4rem" />
      </div>
    );
  if (list.length === 0)
    return (
      <EmptyState title={t('Nothing is in play right now')} icon="list" testId="in-play-empty">
        <p>{t('Matches appear here the moment they start.')}</p>
      </EmptyState>
    );
  const bySport = new Map<string, EventSummary[]>();
  for (const event of list) bySport.set(event.sport.name, [...(bySport.get(event.sport.name) ?? []), event]);
  return (
    <div className="stack" data-testid="in-play-list">
      {[...bySport.entries()].map(([sport, sportEvents]) => (
        <section key={sport} className="stack-sm" aria-label={sport}>
          <h2 className="event-section__title">
            {sport} <span className="badge badge--live">{sportEvents.length}</span>
          </h2>
          <ul className="event-list">
            {sportEvents.map((event) => (
              <EventRow key={event._id} event={event} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
