import type { ReactNode } from 'react';

export function Alert({
  kind = 'error',
  children,
  action,
}: {
  kind?: 'error' | 'info' | 'warning';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="alert-body">{children}</div>
      {action}
    </div>
  );
}
