import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';

/** /event?sport=&league=&event=: one event with its markets, score and TV once the sports feed is served. */
export default function EventPage() {
  const [params] = useSearchParams();
  const event = params.get('event');
  return (
    <div className="stack-lg">
      <h1 className="page-title">{event ? event.replace(/-/g, ' ') : 'Event'}</h1>
      <EmptyState title="This event is not available" testId="event-empty">
        <p>Markets, live score and TV for this event are not available right now.</p>
        <Link to="/">Back to Home</Link>
      </EmptyState>
    </div>
  );
}
