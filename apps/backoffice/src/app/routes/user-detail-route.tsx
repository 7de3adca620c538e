import { useParams } from 'react-router';
import { AuditTrail } from '../../features/audit/components/audit-trail';
import { UserDetail } from '../../features/users/components/user-detail';

/** Features stay apart; the page about a user composes the users feature with that user's audit trail. */
export function UserDetailRoute() {
  const { id = '' } = useParams();
  return (
    <section className="page" aria-labelledby="user-title">
      <UserDetail key={id} userId={id} />
      <AuditTrail key={`audit-${id}`} targetId={id} />
    </section>
  );
}
