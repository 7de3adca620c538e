import { useState } from 'react';
import { MESSAGES, type Deposit } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { DateRangePicker, defaultRange } from '../../../components/ui/date-range-picker';
import { Skeleton } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, type DateRange } from '../../../lib/dates';
import { useDeposits } from '../api/get-deposits';
import { ScreenshotViewer, type ScreenshotTarget } from './screenshot-viewer';
import { t } from '../../../lib/i18n/i18n';

function DepositRow({ deposit, onView }: { deposit: Deposit; onView: (target: ScreenshotTarget) => void }) {
  const hasShot = deposit.screenShot !== null || deposit.screenShotUrl !== null;
  return (
    <li className="history-row" data-testid="deposit-row" data-status={deposit.status}>
      <div className="history-row__main">
        <strong className="history-row__amount">{formatRupees(deposit.amount)}</strong>
        <StatusBadge status={deposit.status} label={deposit.status === 'pending' && deposit.awaitingSecondApproval ? t('Pending (second approval)') : undefined} />
      </div>
      <div className="history-row__meta muted">
        <span>{deposit.type === 'upi' ? 'UPI' : t('Bank')}</span>
        <span>{formatDateTime(deposit.createdAt)}</span>
        {deposit.txnRef ? <span>{t('Ref')} {deposit.txnRef}</span> : null}
      </div>
      {deposit.status === 'rejected' && deposit.reason ? (
        <p className="history-row__reason" data-testid="deposit-reason">
          {t('Reason:')} {deposit.reason}
        </p>
      ) : null}
      {hasShot ? (
        <button type="button" className="history-row__shot" aria-label={t('View screenshot of the {amount} deposit', { amount: formatRupees(deposit.amount) })} onClick={() => onView({ preview: deposit.screenShot, url: deposit.screenShotUrl })}>
          {deposit.screenShot ? <img src={deposit.screenShot} alt="" width={48} height={48} /> : null}
          <span>{t('View screenshot')}</span>
        </button>
      ) : null}
    </li>
  );
}

export function HistorySkeleton() {
  return (
    <div className="stack" aria-busy="true" aria-label={t('Loading')}>
      <Skeleton height="72px" />
      <Skeleton height="72px" />
      <Skeleton height="72px" />
    </div>
  );
}

/** The player's deposits by date range with status badges, reasons and the Uploaded Screenshot viewer. */
export function DepositHistory() {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const deposits = useDeposits(range);
  const [viewing, setViewing] = useState<ScreenshotTarget | null>(null);
  return (
    <section className="stack" aria-labelledby="deposit-history-title" data-testid="deposit-history">
      <h2 id="deposit-history-title" className="section-title">
        {t('Your deposits')}
      </h2>
      <DateRangePicker value={range} onChange={setRange} />
      {deposits.isPending ? (
        <HistorySkeleton />
      ) : deposits.isError ? (
        <p className="no-data">{t('We could not load your deposits.')}</p>
      ) : deposits.data.length === 0 ? (
        <p className="no-data">{MESSAGES.noData}</p>
      ) : (
        <ul className="history-list">
          {deposits.data.map((deposit) => (
            <DepositRow key={deposit._id} deposit={deposit} onView={setViewing} />
          ))}
        </ul>
      )}
      <ScreenshotViewer target={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
