import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EventSummary, Sport } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { eventPath, useEvents } from '../api/get-events';
import { useSports } from '../api/get-sports';
import { CreateEventDialog, CreateLeagueDialog, CreateSportDialog } from './create-dialogs';
import { EventStatusChip } from './market-labels';
import { PendingResultsPanel, ResultConfirmationSwitch } from './pending-results';
import '../sports.css';

const SHOWS = ['all', 'live', 'upcoming', 'finished'] as const;
type Show = (typeof SHOWS)[number];
const SHOW_LABELS: Record<Show, string> = { all: 'All', live: 'Live', upcoming: 'Upcoming', finished: 'Finished' };
const EMPTY: Record<Show, string> = {
  all: 'No events yet',
  live: 'Nothing is live right now',
  upcoming: 'No upcoming events',
  finished: 'No finished events',
};

function showOf(value: string | null): Show {
  return (SHOWS as readonly string[]).includes(value ?? '') ? (value as Show) : 'all';
}

function matchesShow(event: EventSummary, show: Show): boolean {
  if (show === 'live') return event.status === 'in_play' || event.inPlay;
  if (show === 'upcoming') return event.status === 'upcoming' && !event.inPlay;
  if (show === 'finished') return event.status === 'finished' || event.status === 'cancelled';
  return true;
}

type Creating = 'sport' | 'league' | 'event' | null;

/** Sports → leagues → events, filtered in the URL (`/sports?sport=&league=&show=`). */
export function SportsPage() {
  const [params, setParams] = useSearchParams();
  const sportSlug = params.get('sport') ?? undefined;
  const leagueSlug = (sportSlug === undefined ? undefined : params.get('league')) ?? undefined;
  const show = showOf(params.get('show'));
  const sports = useSports();
  const events = useEvents({ sport: sportSlug, league: leagueSlug });
  const [creating, setCreating] = useState<Creating>(null);

  const sport = sports.data?.find((item) => item.slugName === sportSlug);
  const league = sport?.leagues.find((item) => item.slugName === leagueSlug);
  const leagueCount = sports.data?.reduce((sum, item) => sum + item.leagues.length, 0) ?? 0;
  const shown = (events.data ?? [])
    .filter((event) => matchesShow(event, show))
    .sort((a, b) => a.startTime.localeCompare(b.startTime));

  function setShow(next: Show) {
    const search = new URLSearchParams(params);
    if (next === 'all') search.delete('show');
    else search.set('show', next);
    setParams(search);
  }

  return (
    <section className="page" aria-labelledby="sports-title">
      <header className="page-header">
        <h1 id="sports-title">Sports</h1>
        <div className="page-actions wrap">
          {(sports.isFetching && sports.data !== undefined) || (events.isFetching && events.data !== undefined) ? (
            <Spinner size="small" label="Updating" />
          ) : null}
          <Button size="small" onClick={() => setCreating('sport')}>
            Add sport
          </Button>
          <Button
            size="small"
            onClick={() => setCreating('league')}
            disabled={!sports.data?.length}
            title={sports.data?.length ? undefined : 'Add a sport first'}
          >
            Add league
          </Button>
          <Button
            size="small"
            variant="primary"
            onClick={() => setCreating('event')}
            disabled={leagueCount === 0}
            title={leagueCount === 0 ? 'Add a league first' : undefined}
          >
            Add event
          </Button>
        </div>
      </header>

      <ResultConfirmationSwitch />
      <PendingResultsPanel />

      <div className="sports-layout">
        <nav className="card sports-tree" aria-label="Sports and leagues">
          {sports.isPending ? (
            <LoadingBlock label="Loading sports…" />
          ) : sports.isError && sports.data === undefined ? (
            <Alert
              action={
                <Button size="small" onClick={() => void sports.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(sports.error)}
            </Alert>
          ) : (
            <SportTree sports={sports.data ?? []} sportSlug={sportSlug} leagueSlug={leagueSlug} show={show} />
          )}
        </nav>

        <div className="sports-events">
          <h2 className="sports-scope">
            Events:{' '}
            {league !== undefined && sport !== undefined
              ? `${sport.name} · ${league.name}`
              : sport !== undefined
                ? `${sport.name}, every league`
                : 'every sport'}
          </h2>
          <Tabs
            label="Events by state"
            value={show}
            onChange={setShow}
            items={SHOWS.map((value) => ({ value, label: SHOW_LABELS[value] }))}
          >
            {events.isPending ? (
              <LoadingBlock label="Loading events…" />
            ) : events.isError && events.data === undefined ? (
              <Alert
                action={
                  <Button size="small" onClick={() => void events.refetch()}>
                    Try again
                  </Button>
                }
              >
                {errorMessage(events.error)}
              </Alert>
            ) : shown.length === 0 ? (
              <EmptyState title={EMPTY[show]}>
                {show === 'all' && leagueCount > 0 ? <p>Add an event to open markets on it.</p> : null}
              </EmptyState>
            ) : (
              <EventTable events={shown} />
            )}
          </Tabs>
        </div>
      </div>

      {creating === 'sport' ? <CreateSportDialog onClose={() => setCreating(null)} /> : null}
      {creating === 'league' && sports.data !== undefined ? (
        <CreateLeagueDialog sports={sports.data} sportId={sport?._id} onClose={() => setCreating(null)} />
      ) : null}
      {creating === 'event' && sports.data !== undefined ? (
        <CreateEventDialog
          sports={sports.data.filter((item) => item.leagues.length > 0)}
          leagueId={league?._id ?? sport?.leagues[0]?._id}
          onClose={() => setCreating(null)}
        />
      ) : null}
    </section>
  );
}

function treeLink(params: { sport?: string; league?: string; show: Show }): string {
  const search = new URLSearchParams();
  if (params.sport !== undefined) search.set('sport', params.sport);
  if (params.league !== undefined) search.set('league', params.league);
  if (params.show !== 'all') search.set('show', params.show);
  const text = search.toString();
  return text === '' ? '/sports' : `/sports?${text}`;
}

function Counts({ events, live }: { events: number; live: number }) {
  return (
    <span className="tree-counts">
      <span>{events}</span>
      {live > 0 ? <span className="badge badge-live">{live} live</span> : null}
    </span>
  );
}

function SportTree({
  sports,
  sportSlug,
  leagueSlug,
  show,
}: {
  sports: Sport[];
  sportSlug: string | undefined;
  leagueSlug: string | undefined;
  show: Show;
}) {
  if (sports.length === 0)
    return <EmptyState title="No sports yet">Add a sport, then its leagues and events.</EmptyState>;
  return (
    <ul className="tree">
      <li>
        <Link className="tree-link" to={treeLink({ show })} aria-current={sportSlug === undefined ? 'page' : undefined}>
          <span>All sports</span>
        </Link>
      </li>
      {sports.map((sport) => (
        <li key={sport._id}>
          <Link
            className="tree-link"
            to={treeLink({ sport: sport.slugName, show })}
            aria-current={sportSlug === sport.slugName && leagueSlug === undefined ? 'page' : undefined}
          >
            <span className="tree-name">{sport.name}</span>
            <Counts events={sport.eventCount} live={sport.liveCount} />
          </Link>
          {sport.leagues.length > 0 ? (
            <ul className="tree tree-nested" aria-label={`${sport.name} leagues`}>
              {sport.leagues.map((league) => (
                <li key={league._id}>
                  <Link
                    className="tree-link"
                    to={treeLink({ sport: sport.slugName, league: league.slugName, show })}
                    aria-current={sportSlug === sport.slugName && leagueSlug === league.slugName ? 'page' : undefined}
                  >
                    <span className="tree-name">{league.name}</span>
                    <Counts events={league.eventCount} live={league.liveCount} />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function EventTable({ events }: { events: EventSummary[] }) {
  return (
    <table className="data-table responsive-table">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Starts</th>
          <th scope="col">State</th>
          <th scope="col" className="num">
            Markets
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event._id} data-event-id={event._id}>
            <td data-label="Event" className="cell-primary">
              <Link className="row-link" to={eventPath(event)}>
                {event.name}
              </Link>
              <span className="muted small">
                {event.sport.name} · {event.league.name}
              </span>
            </td>
            <td data-label="Starts">
              <time dateTime={event.startTime}>{formatDateTime(event.startTime)}</time>
            </td>
            <td data-label="State">
              <span className="stacked">
                <EventStatusChip status={event.status} />
                {event.score !== null ? (
                  <span className="muted small">
                    {event.score.home} · {event.score.away}
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label="Markets" className="num">
              {event.marketCount}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
