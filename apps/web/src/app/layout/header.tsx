import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { WALLETS, type AppSettings } from '@khel/contract';
import { PlayMoneyNotice } from '../../components/play-money-notice';
import { Skeleton } from '../../components/ui/spinner';
import { openSignUp } from '../../features/auth/hooks/use-auth-modal';
import { Balance } from '../../features/wallet/components/balance';
import { hasPlayAccess, isCreditPlayer, landingPath } from '../../lib/auth/permissions';
import { useSession } from '../../lib/auth/session';
import { useBonusData } from '../../lib/bonus-data';
import { percentText } from '../../lib/percent-text';
import { useLiveAccount } from '../../lib/live/use-live';
import { NavIcon } from './nav-icon';
import { navItemsFor } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { LanguageSwitch } from './language-switch';

// The members' menu arrives beside the first screen, not in it: it paid for the two languages' bytes (ADR 0030).
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));
import { useT } from '../../lib/i18n/i18n';

function Brand({ settings, loading, to }: { settings: AppSettings | undefined; loading: boolean; to: string }) {
  const t = useT();
  if (loading) return <Skeleton className="brand brand--loading" />;
  const name = settings?.siteName ?? '';
  return (
    <Link to={to} className="brand" aria-label={name ? t('{name} home', { name }) : t('Home')}>
      {settings?.logoImg ? (
        <img className="brand__logo" src={settings.logoImg} alt={name} />
      ) : (
        <span className="brand__name">{name}</span>
      )}
    </Link>
  );
}

/**
 * The Bonus shortcut (spec §2). It also says which wallet pays (a ring when the bonus wallet is
 * selected) and, with an active bonus, the wagering percent, so the player sees progress everywhere.
 */
function BonusShortcut({ wallet }: { wallet: string }) {
  const t = useT();
  const active = useBonusData().data?.active ?? null;
  const onBonus = wallet === WALLETS.BONUS;
  const details = [
    onBonus ? t('Bonus wallet pays') : t('Main wallet pays'),
    active !== null ? t('wagering {percent} done', { percent: percentText(active.progressPercent) }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      to="/bonus"
      className={`shortcut shortcut--bonus${onBonus ? ' shortcut--paying' : ''}`}
      aria-label={t('Bonus')}
      aria-description={details}
      title={`${t('Bonus')}: ${details}`}
      data-testid="bonus-shortcut"
    >
      {t('Bonus')}
      {active !== null ? (
        <span className="shortcut__progress" data-testid="bonus-shortcut-progress">
          {percentText(active.progressPercent)}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * Header (spec §2): logo, navigation by permission, Login for visitors; for members the D / W / Bonus
 * shortcuts (not for credit players), the balance when any play area is allowed, and the profile menu.
 */
export function Header({ settings, settingsLoading }: { settings: AppSettings | undefined; settingsLoading: boolean }) {
  const t = useT();
  const { user } = useSession();
  // Balance and exposure move live on the socket's balance messages (PRODUCT.md §3).
  useLiveAccount();
  const items = navItemsFor(user);
  const playMoney = settings?.moneyMode === 'play';
  const home = user ? landingPath(user) : '/login';

  return (
    <>
      <header className="app-header">
        <div className="app-header__inner">
          <Brand settings={settings} loading={settingsLoading} to={home === '/no-access' ? '/no-access' : home} />
          {items.length > 0 ? (
            <nav className="main-nav" aria-label={t('Main')}>
              {items.map((item) => (
                <NavLink key={item.to} to={item.to} end className="main-nav__item">
                  <NavIcon icon={item.icon} />
                  <span>{t(item.label)}</span>
                </NavLink>
              ))}
            </nav>
          ) : null}
          <div className="app-header__actions">
            {user ? (
              <>
                {!isCreditPlayer(user) ? (
                  <nav className="shortcuts" aria-label={t('Wallet shortcuts')}>
                    <Link
                      to="/deposit"
                      className="shortcut shortcut--deposit"
                      aria-label={t('Deposit')}
                      title={t('Deposit')}
                    >
                      D
                    </Link>
                    <Link
                      to="/withdrawal"
                      className="shortcut shortcut--withdrawal"
                      aria-label={t('Withdrawal')}
                      title={t('Withdrawal')}
                    >
                      W
                    </Link>
                    <BonusShortcut wallet={user.wallet} />
                  </nav>
                ) : null}
                {hasPlayAccess(user) ? <Balance user={user} playMoney={playMoney} /> : null}
                {/* On phones the theme switch moves into the menu to leave room for the balance. */}
                <ThemeToggle className="desktop-only" />
                <Suspense
                  fallback={
                    <div className="profile-menu">
                      <span className="profile-menu__button" aria-hidden="true">
                        <span className="profile-menu__username">{user.username}</span>
                      </span>
                    </div>
                  }
                >
                  <ProfileMenu user={user} />
                </Suspense>
              </>
            ) : (
              <>
                <LanguageSwitch />
                <ThemeToggle />
                <Link to="/login" className="button button--secondary button--small">
                  {t('Login')}
                </Link>
                <button type="button" className="button button--primary button--small" onClick={() => openSignUp()}>
                  {t('Sign Up')}
                </button>
              </>
            )}
          </div>
        </div>
      </header>
      <PlayMoneyNotice variant="bar" />
    </>
  );
}
