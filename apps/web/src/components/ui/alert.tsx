import type { ReactNode } from 'react';

/** The red banner of spec §8 for server messages inside a modal; announced at once (role=alert). */
export function ErrorBanner({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="banner banner--error" role="alert" data-testid={testId}>
      {children}
    </div>
  );
}
