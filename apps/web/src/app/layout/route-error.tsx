import { isRouteErrorResponse, useRouteError } from 'react-router';
import { t } from '../../lib/i18n/i18n';

/**
 * Last line of defence for a render error or a page chunk that failed to download (a flaky network, or
 * a new release replacing old chunks): say so plainly and offer a reload instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  if (error) console.error(error);
  return (
    <main className="page page--center" id="main" role="alert">
      <h1 className="page-title">{t('Something went wrong')}</h1>
      <p className="muted">{t('Please check your connection and reload the page.')}</p>
      {detail ? <p className="muted">{detail}</p> : null}
      <div className="row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('Reload')}
        </button>
      </div>
    </main>
  );
}
