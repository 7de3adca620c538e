import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { OPERATOR_ROLES, ROLE_NAMES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { useAppSettings } from '../../lib/app-settings';
import { useProfile } from '../../lib/auth/get-user-data';
import { logout } from '../../lib/auth/logout';
import { useTheme } from '../../lib/theme';
import { toast } from '../../lib/toast';
import { navItemsFor } from '../navigation';
import { usePendingCounts } from '../pending-counts';

/**
 * Sidebar on wide screens; on phones the same navigation slides in as a drawer behind a menu button.
 * The main region takes focus after each navigation so screen-reader and keyboard users start at the
 * new page, not at the link they pressed.
 */
export function AppShell() {
  const profile = useProfile();
  const settings = useAppSettings();
  const { theme, toggle } = useTheme();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setDrawerOpen(false);
    mainRef.current?.focus();
  }, [location.pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    // The drawer is a small menu: keyboard users land on its current (or first) item.
    const sidebar = document.getElementById('sidebar');
    (
      sidebar?.querySelector<HTMLElement>('.nav-link.active') ?? sidebar?.querySelector<HTMLElement>('.nav-link')
    )?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const user = profile.data;
  const items = navItemsFor(user?.role);
  const counts = usePendingCounts(user !== undefined, OPERATOR_ROLES.includes(user?.role as RoleId));
  const siteName = settings.data?.siteName ?? '';
  const logo = settings.data?.logoImg ?? '';

  async function onLogout() {
    setLoggingOut(true);
    await logout();
    toast.success('Logged out');
  }

  return (
    <div className={`shell${drawerOpen ? ' shell-drawer-open' : ''}`}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button menu-button"
          aria-label="Menu"
          aria-expanded={drawerOpen}
          aria-controls="sidebar"
          onClick={() => setDrawerOpen((open) => !open)}
        >
          ☰
        </button>
        <div className="brand">
          {/* The logo usually carries the name already; the text then stays for screen readers only. */}
          {logo === '' ? (
            <span className="brand-mark" aria-hidden="true" />
          ) : (
            <img src={logo} alt="" className="brand-logo" />
          )}
          <span className={logo === '' ? 'brand-name' : 'visually-hidden'}>{siteName}</span>
          <span className="brand-tag">Back office</span>
        </div>
        <div className="topbar-actions">
          <button
            type="button"
            className="icon-button"
            onClick={toggle}
            aria-label={theme === 'dark' ? 'Use light theme' : 'Use dark theme'}
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
          {user !== undefined ? (
            <span className="operator" title={user.mobile_no}>
              <span className="operator-name">{user.name || user.username}</span>
              <span className="operator-role">{ROLE_NAMES[user.role as RoleId]}</span>
            </span>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => void onLogout()}
            disabled={loggingOut}
          >
            Log out
          </button>
        </div>
      </header>
      <div className="drawer-scrim" hidden={!drawerOpen} onClick={() => setDrawerOpen(false)} />
      <nav id="sidebar" className="sidebar" aria-label="Sections">
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
                <span>{item.label}</span>
                {item.count !== undefined && (counts[item.count] ?? 0) > 0 ? (
                  <>
                    <span className="nav-count" aria-hidden="true">
                      {counts[item.count]}
                    </span>
                    <span className="visually-hidden">, {counts[item.count]} pending</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
          {/* The operator's own account, last in the menu: the header stays one line on a 390 px phone. */}
          <li>
            <NavLink to="/change-password" className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
              <span>Change password</span>
            </NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" className="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
