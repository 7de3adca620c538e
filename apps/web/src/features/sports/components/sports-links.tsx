import { NavLink } from 'react-router';
import { msg, t } from '../../../lib/i18n/i18n';

export const SPORTS_PAGES = [
  { to: '/sports/in-play', title: msg('In-Play') },
  { to: '/sports', title: msg('Sports') },
  { to: '/sports/multi-markets', title: msg('Multi Markets') },
  { to: '/sports/results', title: msg('Results') },
] as const;

/** The exchange's own pages (issue 31): In-Play, the sports menu, Multi Markets and Results, as tabs. */
export function SportsLinks() {
  return (
    <nav className="sports-pages__tabs" aria-label={t('Sports pages')}>
      {SPORTS_PAGES.map((page) => (
        <NavLink key={page.to} to={page.to} end className="sports-tab">
          {t(page.title)}
        </NavLink>
      ))}
    </nav>
  );
}
