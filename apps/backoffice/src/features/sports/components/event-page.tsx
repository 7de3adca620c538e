import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EventDetail, Market } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { eventPath, useEvent } from '../api/get-events';
import { useSuspendAll } from '../api/manage-markets';
import { CreateMarketDialog } from './create-market-dialog';
import { EditEventDialog } from './edit-event-dialog';
import { InPlayButton, LimitsDialog, SuspendToggle, limitsText } from './market-controls';
import {
  EventStatusChip,
  MarketStatusChips,
  MarketTypeBadge,
  isFinal,
  priceSummary,
  resultText,
} from './market-labels';
import '../sports.css';

/** `/sports/:sport/:league/:event`: an event and every market on it, with the quick controls. */
export function EventPage() {
  const { sport = '', league = '', event: eventSlug = '' } = useParams();
  const query = useEvent({ sport, league, event: eventSlug });
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [limitsOf, setLimitsOf] = useState<Market | null>(null);
  const event = query.data;

  if (query.isPending) return <LoadingBlock label="Loading the event…" />;
  if (event === undefined) {
    const missing = query.error instanceof ApiError && query.error.code === 404;
    return (
      <section className="page">
        <p className="breadcrumbs">
          <Link to="/sports">Sports</Link>
        </p>
        {missing ? (
          <EmptyState title="Event not found">It may have been renamed. Find it in the list of events.</EmptyState>
        ) : (
          <Alert
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(query.error)}
          </Alert>
        )}
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="event-title">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/sports">Sports</Link> ›{' '}
        <Link to={`/sports?sport=${encodeURIComponent(event.sport.slugName)}`}>{event.sport.name}</Link> ›{' '}
        <Link
          to={`/sports?sport=${encodeURIComponent(event.sport.slugName)}&league=${encodeURIComponent(event.league.slugName)}`}
        >
          {event.league.name}
        </Link>
      </nav>
      <header className="page-header">
        <h1 id="event-title">
          {event.name} <EventStatusChip status={event.status} />
        </h1>
        <div className="page-actions">
          {query.isFetching ? <Spinner size="small" label="Updating" /> : null}
          <Button size="small" onClick={() => setEditing(true)}>
            Edit event
          </Button>
        </div>
      </header>
      {query.isError ? (
        <Alert kind="warning">Could not refresh: {errorMessage(query.error)}. Showing what was last loaded.</Alert>
      ) : null}

      <div className="card">
        <dl className="facts">
          <dt>Starts</dt>
          <dd>
            <time dateTime={event.startTime}>{formatDateTime(event.startTime)}</time>
          </dd>
          <dt>Stream</dt>
          <dd>
            {event.streamUrl === null ? (
              <span className="muted">No stream</span>
            ) : (
              <span className="break">{event.streamUrl}</span>
            )}
          </dd>
          {event.score !== null ? (
            <>
              <dt>Score</dt>
              <dd className="stacked">
                <span>{event.score.home}</span>
                <span>{event.score.away}</span>
                {event.score.status ? <span className="muted small">{event.score.status}</span> : null}
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      <section className="card" aria-labelledby="markets-title">
        <header className="card-header">
          <h2 id="markets-title">Markets</h2>
          <div className="button-row desk-actions wrap">
            <SuspendAllButton event={event} />
            <Button size="small" variant="primary" onClick={() => setAdding(true)}>
              Add market
            </Button>
          </div>
        </header>
        {event.markets.length === 0 ? (
          <EmptyState title="No markets yet">Add a bookmaker, fancy or exchange market.</EmptyState>
        ) : (
          <MarketTable event={event} onLimits={setLimitsOf} />
        )}
      </section>

      {editing ? <EditEventDialog event={event} onClose={() => setEditing(false)} /> : null}
      {adding ? (
        <CreateMarketDialog eventId={event._id} eventName={event.name} onClose={() => setAdding(false)} />
      ) : null}
      {limitsOf !== null ? <LimitsDialog market={limitsOf} onClose={() => setLimitsOf(null)} /> : null}
    </section>
  );
}

/** One click suspends every open market of the event: what an operator does when play stops. */
function SuspendAllButton({ event }: { event: EventDetail }) {
  const suspendAll = useSuspendAll();
  const open = event.markets.filter((market) => market.status === 'open');
  if (open.length < 2) return null;
  return (
    <Button size="small" variant="danger" busy={suspendAll.isPending} onClick={() => suspendAll.mutate(open)}>
      Suspend all open ({open.length})
    </Button>
  );
}

function MarketTable({ event, onLimits }: { event: EventDetail; onLimits: (market: Market) => void }) {
  return (
    <table className="data-table responsive-table market-table">
      <thead>
        <tr>
          <th scope="col">Market</th>
          <th scope="col">State</th>
          <th scope="col">Prices</th>
          <th scope="col">Limits</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {event.markets.map((market) => {
          const result = resultText(market);
          return (
            <tr key={market._id} data-market-id={market._id}>
              <td data-label="Market" className="cell-primary">
                <Link className="row-link" to={`${eventPath(event)}/markets/${encodeURIComponent(market._id)}`}>
                  {market.name}
                </Link>
                <span>
                  <MarketTypeBadge type={market.marketType} />
                </span>
              </td>
              <td data-label="State">
                <span className="stacked">
                  <MarketStatusChips market={market} />
                  {result !== null ? <span className="small">Result: {result}</span> : null}
                </span>
              </td>
              <td data-label="Prices" className="small">
                {priceSummary(market)}
              </td>
              <td data-label="Limits" className="small">
                {limitsText(market)}
              </td>
              <td data-label="Actions">
                <div className="button-row desk-actions wrap">
                  <SuspendToggle market={market} />
                  <InPlayButton market={market} />
                  {!isFinal(market) ? (
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => onLimits(market)}
                      aria-label={`Limits of ${market.name}`}
                    >
                      Limits
                    </Button>
                  ) : null}
                  <Link
                    className="btn btn-ghost btn-small"
                    to={`${eventPath(event)}/markets/${encodeURIComponent(market._id)}`}
                    aria-label={`Open ${market.name}`}
                  >
                    Open
                  </Link>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
