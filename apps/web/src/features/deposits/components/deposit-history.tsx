import { useState } from 'react';
import type { Deposit } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { RequestHistory } from '../../../components/request-history';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { useDeposits } from '../api/get-deposits';
import { ScreenshotViewer, type ScreenshotTarget } from './screenshot-viewer';
import { t } from '../../../lib/i18n/i18n';

function DepositRow({ deposit, onView }: { deposit: Deposit; onView: (target: ScreenshotTarget) => void }) {
  const hasShot = deposit.screenShot !== null || deposit.screenShotUrl !== null;
  return (
    <li className="history-row" data-testid="deposit-row" data-status={deposit.status}>
      <div className="history-row__main">
        <strong className="history-row__amount">{formatRupees(deposit.amount)}</strong>
        <StatusBadge
          status={deposit.status}
          label={
            deposit.status === 'pending' && deposit.awaitingSecondApproval ? t('Pending (second approval)') : undefined
          }
        />
      </div>
      <div className="history-row__meta muted">
        <span>{deposit.type === 'upi' ? 'UPI' : t('Bank')}</span>
        <span>{formatDateTime(deposit.createdAt)}</span>
        {deposit.txnRef ? (
          <span>
            {t('Ref')} {deposit.txnRef}
          </span>
        ) : null}
      </div>
      {deposit.status === 'rejected' && deposit.reason ? (
        <p className="history-row__reason" data-testid="deposit-reason">
          {t('Reason:')} {deposit.reason}
        </p>
      ) : null}
      {hasShot ? (
        <button
          type="button"
          className="history-row__shot"
          aria-label={t('View screenshot of the {amount} deposit', { amount: formatRupees(deposit.amount) })}
          onClick={() => onView({ preview: deposit.screenShot, url: deposit.screenShotUrl })}
        >
          {deposit.screenShot ? <img src={deposit.screenShot} alt="" width={48} height={48} /> : null}
          <span>{t('View screenshot')}</span>
        </button>
      ) : null}
    </li>
  );
}

/** The player's deposits by date range with status badges, reasons and the Uploaded Screenshot viewer. */
export function DepositHistory() {
  const [viewing, setViewing] = useState<ScreenshotTarget | null>(null);
  return (
    <RequestHistory
      name="deposit"
      title={t('Your deposits')}
      errorText={t('We could not load your deposits.')}
      useRows={useDeposits}
      row={(deposit) => <DepositRow key={deposit._id} deposit={deposit} onView={setViewing} />}
    >
      <ScreenshotViewer target={viewing} onClose={() => setViewing(null)} />
    </RequestHistory>
  );
}
