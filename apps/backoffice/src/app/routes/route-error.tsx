import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A crash in one page shows a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="login-page">
      <div className="alert alert-error" role="alert">
        <div className="alert-body">
          <p>Something went wrong on this page.</p>
          <p className="muted small">{message}</p>
          <a href={`${import.meta.env.BASE_URL}users`}>Reload the back office</a>
        </div>
      </div>
    </main>
  );
}
