import type { ReactNode } from 'react';

/** An honest "nothing here" panel: what the area is for and why it is empty. */
export function EmptyState({
  title,
  children,
  icon = 'info',
  testId,
}: {
  title: string;
  children?: ReactNode;
  icon?: 'info' | 'lock' | 'list';
  testId?: string;
}) {
  return (
    <section className="empty-state" data-testid={testId}>
      <svg className="empty-state__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        {icon === 'lock' ? (
          <path
            d="M7 11V8a5 5 0 0110 0v3M5 11h14v10H5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        ) : icon === 'list' ? (
          <path
            d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M12 22a10 10 0 110-20 10 10 0 010 20zM12 11v6M12 7.5v.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        )}
      </svg>
      <h2 className="empty-state__title">{title}</h2>
      {children ? <div className="empty-state__body">{children}</div> : null}
    </section>
  );
}
