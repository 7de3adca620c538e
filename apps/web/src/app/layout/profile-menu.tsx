import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Profile } from '@khel/contract';
import { openChangePassword } from '../../features/auth/hooks/use-auth-modal';
import { useLogout } from '../../features/auth/api/logout';
import { ThemeToggle } from './theme-toggle';
import { LanguageSwitch } from './language-switch';
import { HelpContact } from '../../components/help-contact';
import { useT } from '../../lib/i18n/i18n';
import { useBackClose, whenHistorySettled } from '../../lib/back-close';
import { canUseBonusWallet, canUseReferralBonus, hasPlayAccess, isCreditPlayer } from '../../lib/auth/permissions';

// What the menu opens loads when it opens, not with the first screen (ADR 0024).
const MyBetsModal = lazy(() =>
  import('../../features/bets/components/my-bets-modal').then((m) => ({ default: m.MyBetsModal })),
);
const WalletSwitch = lazy(() =>
  import('../../features/wallet/components/wallet-switch').then((m) => ({ default: m.WalletSwitch })),
);
const OddsPreferenceControl = lazy(() =>
  import('../../components/odds-preference-control').then((m) => ({ default: m.OddsPreferenceControl })),
);

/**
 * The profile dropdown (spec §2): My Bets, Referral Bonus, Account Statements, Profit And Loss, Change
 * Password, Logout, plus Payment Accounts and Responsible Gambling (README decisions). On phones it
 * opens as a sheet showing the username with an ID badge. A disclosure
 * (button + panel), so Tab moves through it naturally; Escape and a click outside close it.
 */
export function ProfileMenu({ user }: { user: Profile }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [betsOpen, setBetsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  // Back closes the drawer; its links replace the drawer's history entry (lib/back-close.ts).
  useBackClose(open, () => setOpen(false));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
  };

  return (
    <div className="profile-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('Account menu')}
        data-testid="profile-menu-button"
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M4 21a8 8 0 0116 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="profile-menu__username">{user.username}</span>
      </button>
      {open ? (
        <>
          <div className="profile-menu__scrim" aria-hidden="true" onClick={() => setOpen(false)} />
          {/* One boundary for the whole panel: it shows complete, once its lazy parts have loaded. With a
              boundary per part, the wallet switch and the odds control arrived after the list and pushed it
              down under the pointer: a click aimed at My Bets landed on the wallet switch. */}
          <Suspense fallback={null}>
            <div id={panelId} className="profile-menu__panel" data-testid="profile-menu">
              <div className="profile-menu__identity">
                <span className="badge badge--id">{t('ID')}</span>
                <strong data-testid="menu-username">{user.username}</strong>
                <span className="muted profile-menu__name">{user.name}</span>
              </div>
              {canUseBonusWallet(user) && hasPlayAccess(user) ? <WalletSwitch user={user} /> : null}
              {hasPlayAccess(user) ? <OddsPreferenceControl /> : null}
              <ul className="profile-menu__list">
                <li>
                  <button
                    type="button"
                    className="profile-menu__item"
                    onClick={() => {
                      close();
                      setBetsOpen(true);
                    }}
                  >
                    {t('My Bets')}
                  </button>
                </li>
                {canUseReferralBonus(user) ? (
                  <li>
                    <Link className="profile-menu__item" replace to="/referral-bonus" onClick={close}>
                      {t('Referral Bonus')}
                    </Link>
                  </li>
                ) : null}
                {user.allowStatements ? (
                  <li>
                    <Link className="profile-menu__item" replace to="/statements" onClick={close}>
                      {t('Account Statements')}
                    </Link>
                  </li>
                ) : null}
                {user.allowProfitLoss ? (
                  <li>
                    <Link className="profile-menu__item" replace to="/profit-loss" onClick={close}>
                      {t('Profit And Loss')}
                    </Link>
                  </li>
                ) : null}
                {!isCreditPlayer(user) ? (
                  <li>
                    <Link className="profile-menu__item" replace to="/payment-accounts" onClick={close}>
                      {t('Payment Accounts')}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Link className="profile-menu__item" replace to="/responsible-gambling" onClick={close}>
                    {t('Responsible Gambling')}
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    className="profile-menu__item"
                    onClick={() => {
                      close();
                      openChangePassword();
                    }}
                  >
                    {t('Change Password')}
                  </button>
                </li>
                <HelpContact as="li" className="profile-menu__help" linkClassName="profile-menu__item" onOpen={close} />
                <li className="phone-only">
                  <ThemeToggle withLabel />
                </li>
                <li>
                  <LanguageSwitch className="profile-menu__language" />
                </li>
                <li>
                  <button
                    type="button"
                    className="profile-menu__item profile-menu__item--danger"
                    onClick={() => {
                      close();
                      // The drawer's Back first, then the way to /login (lib/back-close.ts).
                      void whenHistorySettled().then(logout);
                    }}
                  >
                    {t('Logout')}
                  </button>
                </li>
              </ul>
            </div>
          </Suspense>
        </>
      ) : null}
      {betsOpen ? (
        <Suspense fallback={null}>
          <MyBetsModal open onClose={() => setBetsOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
