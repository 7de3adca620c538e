import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children === undefined ? null : <div className="empty-state-body">{children}</div>}
    </div>
  );
}
