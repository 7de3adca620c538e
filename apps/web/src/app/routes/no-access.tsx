import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useLogout } from '../../features/auth/api/logout';
import { t } from '../../lib/i18n/i18n';

/** Spec §4: where a user with none of the permissions lands. */
export default function NoAccessPage() {
  const logout = useLogout();
  return (
    <div className="stack-lg">
      <h1 className="page-title">{t('No access')}</h1>
      <EmptyState title={t('Your account has no access to any section')} icon="lock" testId="no-access">
        <p>{t('Please contact support to have access enabled for your account.')}</p>
        <Button variant="secondary" onClick={() => void logout()}>
          {t('Logout')}
        </Button>
      </EmptyState>
    </div>
  );
}
