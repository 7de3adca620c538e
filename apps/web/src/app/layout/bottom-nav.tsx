import { NavLink } from 'react-router';
import { useSession } from '../../lib/auth/session';
import { NavIcon } from './nav-icon';
import { navItemsFor } from './nav-items';
import { useT } from '../../lib/i18n/i18n';

/** The phone's bottom bar with the same items as the header (spec §2). Hidden on desktop by CSS. */
export function BottomNav() {
  const t = useT();
  const { user } = useSession();
  const items = navItemsFor(user);
  if (items.length === 0) return null;
  return (
    <nav className="bottom-nav" aria-label={t('Bottom navigation')} data-testid="bottom-nav">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end className="bottom-nav__item">
          <NavIcon icon={item.icon} />
          <span>{t(item.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
