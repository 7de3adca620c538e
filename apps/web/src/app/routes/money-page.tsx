import type { ReactNode } from 'react';
import { PlayMoneyNotice } from '../../components/play-money-notice';
import { EmptyState } from '../../components/ui/empty-state';

/**
 * The frame of every money screen (deposit, withdrawal, payment accounts, responsible gambling,
 * statements, profit and loss, bonus, referral bonus): a title and the play-money notice (PRODUCT.md §5).
 */
export function MoneyScreen({ title, intro, children, testId }: { title: string; intro?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="stack-lg money-screen" data-testid={testId}>
      <div className="stack">
        <h1 className="page-title">{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
      </div>
      <PlayMoneyNotice />
      {children}
    </div>
  );
}

/** A money screen whose capability is not built yet: an honest empty state. */
export function MoneyPage({ title, emptyTitle, testId, children }: { title: string; emptyTitle: string; testId: string; children: ReactNode }) {
  return (
    <MoneyScreen title={title}>
      <EmptyState title={emptyTitle} icon="list" testId={testId}>
        {children}
      </EmptyState>
    </MoneyScreen>
  );
}
