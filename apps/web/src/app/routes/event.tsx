import { useSearchParams } from 'react-router';
import { EventView } from '../../features/sports/components/event-view';
import '../../styles/sports.css';

/** /event?sport=&league=&event= (spec §2): one event with its markets, live score / TV and the slip. */
export default function EventPage() {
  const [params] = useSearchParams();
  const sport = params.get('sport');
  const league = params.get('league');
  const event = params.get('event');
  const slugs = sport && league && event ? { sport, league, event } : null;
  return <EventView key={`${sport}/${league}/${event}`} slugs={slugs} />;
}
