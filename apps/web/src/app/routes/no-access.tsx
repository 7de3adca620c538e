import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useLogout } from '../../features/auth/api/logout';

/** Spec §4: where a user with none of the permissions lands. */
export default function NoAccessPage() {
  const logout = useLogout();
  return (
    <div className="stack-lg">
      <h1 className="page-title">No access</h1>
      <EmptyState title="Your account has no access to any section" icon="lock" testId="no-access">
        <p>Please contact support to have access enabled for your account.</p>
        <Button variant="secondary" onClick={() => void logout()}>
          Logout
        </Button>
      </EmptyState>
    </div>
  );
}
