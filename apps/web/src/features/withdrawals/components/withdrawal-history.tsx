import { useState } from 'react';
import { MESSAGES, type Withdrawal } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { DateRangePicker, defaultRange } from '../../../components/ui/date-range-picker';
import { Skeleton } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, type DateRange } from '../../../lib/dates';
import { useWithdrawals } from '../api/get-withdrawals';
import { msg, t } from '../../../lib/i18n/i18n';

const STATUS_LABELS = { pending: msg('On hold'), approved: msg('Paid'), rejected: msg('Rejected') } as const;

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { account } = withdrawal;
  return (
    <li className="history-row" data-testid="withdrawal-row" data-status={withdrawal.status}>
      <div className="history-row__main">
        <strong className="history-row__amount">{formatRupees(withdrawal.amount)}</strong>
        <StatusBadge status={withdrawal.status} label={withdrawal.status === 'pending' && withdrawal.awaitingSecondApproval ? t('On hold (second approval)') : t(STATUS_LABELS[withdrawal.status])} />
      </div>
      <div className="history-row__meta muted">
        <span>{account.type === 'upi' ? account.accountNumber : `${account.bankName ?? 'Bank'} ••••${account.accountNumber.slice(-4)}`}</span>
        <span>{formatDateTime(withdrawal.createdAt)}</span>
      </div>
      {withdrawal.status === 'rejected' && withdrawal.reason ? <p className="history-row__reason">{t('Reason:')} {withdrawal.reason}</p> : null}
    </li>
  );
}

/** The player's withdrawals by date range: on hold, paid, or rejected (released) with the reason. */
export function WithdrawalHistory() {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const withdrawals = useWithdrawals(range);
  return (
    <section className="stack" aria-labelledby="withdrawal-history-title" data-testid="withdrawal-history">
      <h2 id="withdrawal-history-title" className="section-title">
        {t('Your withdrawals')}
      </h2>
      <DateRangePicker value={range} onChange={setRange} />
      {withdrawals.isPending ? (
        <div className="stack" aria-busy="true" aria-label={t('Loading')}>
          <Skeleton height="64px" />
          <Skeleton height="64px" />
        </div>
      ) : withdrawals.isError ? (
        <p className="no-data">{t('We could not load your withdrawals.')}</p>
      ) : withdrawals.data.length === 0 ? (
        <p className="no-data">{MESSAGES.noData}</p>
      ) : (
        <ul className="history-list">
          {withdrawals.data.map((withdrawal) => (
            <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} />
          ))}
        </ul>
      )}
    </section>
  );
}
