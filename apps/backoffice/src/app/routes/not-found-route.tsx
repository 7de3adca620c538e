import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';

export function NotFoundRoute() {
  return (
    <section className="page">
      <EmptyState title="There is no such page">
        <Link to="/users">Go to users</Link>
      </EmptyState>
    </section>
  );
}
