import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConnectionBar } from '../../components/connection-bar';
import { OfflineScreen } from '../../components/offline-screen';
import { Button } from '../../components/ui/button';
import { PageLoader, Spinner } from '../../components/ui/spinner';
import { openSignUp, useAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useAppSettings, useApplyBranding } from '../../lib/app-settings';
import { useUserDataQuery } from '../../lib/auth/get-user-data';
import { guardRedirect, isPublicRoute, type GuardStatus } from '../../lib/auth/permissions';
import { endSession, useSession } from '../../lib/auth/session';
import { useProfileRefresh } from '../../lib/auth/use-profile-refresh';
import { useStore } from '@khel/web-kit';
import { appUpdateStore } from '../../lib/pwa/app-update';
import { useConnectionTrouble } from '../../lib/live/use-live';
import { registerNavigate } from '../../lib/navigation';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { markPageShown, wasPageShown } from './page-shown';
import { t } from '../../lib/i18n/i18n';

// The auth dialogs load when one opens, not with the first screen (ADR 0024).
const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));
const UpdatePrompt = lazy(() => import('../../components/update-prompt').then((m) => ({ default: m.UpdatePrompt })));
// Announcements: a lazy chunk with its request, after the first screen (decision 0065).
const Ticker = lazy(() => import('../../features/announcements/components/announcement-ticker'));
const AuthModals = lazy(() =>
  import('../../features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })),
);

/**
 * The shell around every page: startup and route guard (spec §4), header and bottom bar, toasts and
 * the auth dialogs. Pages below it never check permissions themselves.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const userQuery = useUserDataQuery();
  const settings = useAppSettings();
  const authModalOpen = useAuthModal().kind !== null;
  const trouble = useConnectionTrouble();
  const updateWaiting = useStore(appUpdateStore).waiting;
  useApplyBranding(settings.data);

  useEffect(() => registerNavigate((to) => void navigate(to)), [navigate]);
  useProfileRefresh(session.loggedIn && !session.rejected, () => void userQuery.refetch());

  const status: GuardStatus =
    session.token === null || session.rejected ? 'visitor' : session.user ? 'member' : 'loading';
  const redirect = guardRedirect({
    pathname,
    search,
    status,
    verified: session.verified,
    user: session.user,
    destination: session.destination,
  });

  // ?referral_code= on any page opens Sign Up with the code filled in (spec §2). Only visitors: a
  // signed-in player has no use for a second account. /register fills its own form instead.
  const referralCode = searchParams.get('referral_code');
  useEffect(() => {
    if (redirect !== null || status !== 'visitor' || !referralCode || pathname === '/register') return;
    openSignUp(referralCode);
    const next = new URLSearchParams(searchParams);
    next.delete('referral_code');
    setSearchParams(next, { replace: true });
  }, [redirect, status, referralCode, pathname, searchParams, setSearchParams]);

  const waitingForProfile =
    status === 'loading' || (status === 'member' && isPublicRoute(pathname) && !session.verified);
  const showsPage = redirect === null && !waitingForProfile && (trouble !== 'offline' || wasPageShown());
  useEffect(() => {
    if (showsPage) markPageShown();
  }, [showsPage]);

  // Offline (ADR 0024): a shell that never showed a page (opened from the cache with no network) says so
  // rather than showing nothing; a page already shown stays under the Reconnecting bar (issue 31).
  if (trouble === 'offline' && !wasPageShown()) return <OfflineScreen />;
  if (redirect !== null) return <Navigate to={redirect} replace />;

  if (waitingForProfile && userQuery.isError) {
    return (
      <main className="page page--center" id="main">
        <h1>{t('We could not load your account')}</h1>
        <p className="muted">{t('Check your connection and try again.')}</p>
        <div className="row">
          <Button onClick={() => void userQuery.refetch()} loading={userQuery.isFetching}>
            {t('Try again')}
          </Button>
          <Button variant="secondary" onClick={() => endSession()}>
            {t('Log in again')}
          </Button>
        </div>
      </main>
    );
  }
  if (waitingForProfile) return <PageLoader label={t('Loading your account')} />;

  return (
    <div className={trouble === null ? 'app' : 'app app--stale'}>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <Header settings={settings.data} settingsLoading={settings.isPending} />
      {trouble !== null ? <ConnectionBar trouble={trouble} /> : null}
      {status === 'member' ? (
        <Suspense>
          <Ticker />
        </Suspense>
      ) : null}
      <main className="page" id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      {updateWaiting ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      {authModalOpen ? (
        <Suspense
          fallback={
            <div className="dialog-loading">
              <Spinner label={t('Loading')} />
            </div>
          }
        >
          <AuthModals siteName={settings.data?.siteName} />
        </Suspense>
      ) : null}
    </div>
  );
}
