import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { eventHref } from '../api/get-event';
import { useEvents } from '../api/get-events';
import { useSports } from '../api/get-sports';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n/i18n';

/** A league's events, read when the league is opened. */
function LeagueEvents({ sport, league }: { sport: string; league: string }) {
  const events = useEvents({ sport, league });
  if (events.isPending) return <Skeleton height="2.5rem" />;
  const list = events.data ?? [];
  if (list.length === 0) return <p className="muted">{t('No events in this competition right now.')}</p>;
  return (
    <ul className="sports-menu__events">
      {list.map((event) => (
        <li key={event._id}>
          <Link to={eventHref(event)} className="sports-menu__event" data-testid="menu-event">
            <span>{event.name}</span>
            {event.inPlay ? (
              <span className="badge badge--live">{t('Live')}</span>
            ) : (
              <span className="muted">{formatDate(event.startTime, 'start')}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sports menu (issue 31): sport → competition → event, from the catalogue the server serves; each
 * level opens in place, as the exchange apps' side menus do.
 */
export function SportsMenu() {
  const sports = useSports();
  const [open, setOpen] = useState<string | null>(null);
  const [league, setLeague] = useState<string | null>(null);
  if (sports.isPending) return <Skeleton height="12rem" />;
  const list = (sports.data ?? []).filter((sport) => sport.eventCount > 0);
  if (list.length === 0)
    return (
      <EmptyState title={t('No events available right now')} icon="list" testId="sports-menu-empty">
        <p>{t('Matches appear here as soon as their markets open.')}</p>
      </EmptyState>
    );
  return (
    <ul className="sports-menu" data-testid="sports-menu">
      {list.map((sport) => (
        <li key={sport._id}>
          <button
            type="button"
            className="sports-menu__row"
            aria-expanded={open === sport.slugName}
            onClick={() => setOpen(open === sport.slugName ? null : sport.slugName)}
          >
            <span>{sport.name}</span>
            <span className="muted">{sport.eventCount}</span>
          </button>
          {open === sport.slugName ? (
            <ul className="sports-menu__leagues">
              {sport.leagues
                .filter((item) => item.eventCount > 0)
                .map((item) => (
                  <li key={item._id}>
                    <button
                      type="button"
                      className="sports-menu__row sports-menu__row--league"
                      aria-expanded={league === item._id}
                      onClick={() => setLeague(league === item._id ? null : item._id)}
                    >
                      <span>{item.name}</span>
                      <span className="muted">
                        {item.liveCount > 0 ? <span className="badge badge--live">{item.liveCount}</span> : null}{' '}
                        {item.eventCount}
                      </span>
                    </button>
                    {league === item._id ? <LeagueEvents sport={sport.slugName} league={item.slugName} /> : null}
                  </li>
                ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
