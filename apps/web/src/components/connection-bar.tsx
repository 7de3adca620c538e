import type { ConnectionTrouble } from '../lib/live/use-live';
import { t } from '../lib/i18n/i18n';

/**
 * The thin bar under the header while the network or the live socket is down (issue 31): the page, its
 * prices (greyed) and an open bet slip stay where they are, and everything is taken afresh from the
 * server when the connection is back. The full offline screen is only for a page that never loaded.
 */
export function ConnectionBar({ trouble }: { trouble: Exclude<ConnectionTrouble, null> }) {
  return (
    <div className="connection-bar" role="status" data-testid="reconnecting-bar" data-trouble={trouble}>
      <span className="connection-bar__dot" aria-hidden="true" />
      <strong>{t('Reconnecting…')}</strong>{' '}
      <span>
        {trouble === 'offline'
          ? t('No network: prices are paused and your bet slip is kept.')
          : t('Prices are paused until the live connection is back.')}
      </span>
    </div>
  );
}
