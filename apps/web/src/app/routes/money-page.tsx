import type { ReactNode } from 'react';
import { PlayMoneyNotice } from '../../components/play-money-notice';
import { EmptyState } from '../../components/ui/empty-state';

/**
 * The frame of every money screen (deposit, withdrawal, bonus, referral bonus, statements, profit and
 * loss): a title, the play-money notice (PRODUCT.md §5) and the content or an honest empty state.
 */
export function MoneyPage({ title, emptyTitle, testId, children }: { title: string; emptyTitle: string; testId: string; children: ReactNode }) {
  return (
    <div className="stack-lg">
      <h1 className="page-title">{title}</h1>
      <PlayMoneyNotice />
      <EmptyState title={emptyTitle} icon="list" testId={testId}>
        {children}
      </EmptyState>
    </div>
  );
}
