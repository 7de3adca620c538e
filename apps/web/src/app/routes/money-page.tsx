import type { ReactNode } from 'react';
import { PlayMoneyNotice } from '../../components/play-money-notice';

/**
 * The frame of every money screen (deposit, withdrawal, payment accounts, responsible gambling,
 * statements, profit and loss, bonus, referral bonus): a title and the play-money notice (PRODUCT.md §5).
 */
export function MoneyScreen({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
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
