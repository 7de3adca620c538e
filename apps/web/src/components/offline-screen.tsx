import { Button } from './ui/button';
import { t } from '../lib/i18n/i18n';

/**
 * Shown instead of the page while the phone has no network (ADR 0024). The shell comes from the service
 * worker's cache, but prices, balances and bets need the server, so the app says so plainly instead of
 * showing stale figures.
 */
export function OfflineScreen() {
  return (
    <section
      className="page page--center offline-screen"
      role="alert"
      aria-labelledby="offline-title"
      data-testid="offline-screen"
    >
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          d="M2 8.5a15 15 0 0120 0M5.5 12a10 10 0 0113 0M9 15.5a5 5 0 016 0M12 19h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <h1 id="offline-title" className="page-title">
        {t('You are offline')}
      </h1>
      <p className="muted">
        {t('Prices, balances and bets need a connection. We will carry on as soon as you are back online.')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('Try again')}</Button>
    </section>
  );
}
