import type { Withdrawal } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { RequestHistory } from '../../../components/request-history';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { useWithdrawals } from '../api/get-withdrawals';
import { msg, t } from '../../../lib/i18n/i18n';

const STATUS_LABELS = { pending: msg('On hold'), approved: msg('Paid'), rejected: msg('Rejected') } as const;

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { account } = withdrawal;
  return (
    <li className="history-row" data-testid="withdrawal-row" data-status={withdrawal.status}>
      <div className="history-row__main">
        <strong className="history-row__amount">{formatRupees(withdrawal.amount)}</strong>
        <StatusBadge
          status={withdrawal.status}
          label={
            withdrawal.status === 'pending' && withdrawal.awaitingSecondApproval
              ? t('On hold (second approval)')
              : t(STATUS_LABELS[withdrawal.status])
          }
        />
      </div>
      <div className="history-row__meta muted">
        <span>
          {account.type === 'upi'
            ? account.accountNumber
            : `${account.bankName ?? 'Bank'} ••••${account.accountNumber.slice(-4)}`}
        </span>
        <span>{formatDateTime(withdrawal.createdAt)}</span>
      </div>
      {withdrawal.status === 'rejected' && withdrawal.reason ? (
        <p className="history-row__reason">
          {t('Reason:')} {withdrawal.reason}
        </p>
      ) : null}
    </li>
  );
}

/** The player's withdrawals by date range: on hold, paid, or rejected (released) with the reason. */
export function WithdrawalHistory() {
  return (
    <RequestHistory
      name="withdrawal"
      title={t('Your withdrawals')}
      errorText={t('We could not load your withdrawals.')}
      useRows={useWithdrawals}
      row={(withdrawal) => <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} />}
      skeleton={{ rows: 2, height: '64px' }}
    />
  );
}
