import { useTheme } from '../../lib/theme';
import { useT } from '../../lib/i18n/i18n';

/** Light/dark switch; the choice is kept in localStorage `theme` (spec §3). */
export function ThemeToggle({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const t = useT();
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={withLabel ? `profile-menu__item theme-row ${className ?? ''}` : `icon-button ${className ?? ''}`}
      onClick={toggle}
      aria-label={next === 'light' ? t('Switch to light theme') : t('Switch to dark theme')}
      title={next === 'light' ? t('Switch to light theme') : t('Switch to dark theme')}
    >
      {theme === 'dark' ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      )}
      {withLabel ? <span aria-hidden="true">{next === 'light' ? t('Light theme') : t('Dark theme')}</span> : null}
    </button>
  );
}
