import { formatRupees } from '@khel/money';
import { Skeleton } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { referralLineText } from '../utils/movement-text';
import { useReferralTransactions } from '../api/get-referral-transactions';
import { t } from '../../../lib/i18n/i18n';

/** Every movement of the referral account: a week's earnings in, a claim out, with the balance after. */
export function ReferralMovements() {
  const query = useReferralTransactions();
  return (
    <section className="card stack" aria-labelledby="referral-movements-title" data-testid="referral-movements">
      <h2 id="referral-movements-title" className="section-title">
        {t('Referral account')}
      </h2>
      {query.isPending ? (
        <Skeleton height="72px" />
      ) : query.isError ? (
        <p className="banner banner--error" role="alert">
          {t('We could not load your referral account.')} {query.error.message}
        </p>
      ) : query.data.length === 0 ? (
        <p className="muted">{t('No movements yet.')}</p>
      ) : (
        <ul className="referral-rows">
          {query.data.map((line) => (
            <li key={line._id} className="referral-row" data-testid="referral-movement" data-kind={line.kind}>
              <strong>{referralLineText(line)}</strong>
              <span className={`referral-row__amount ${line.amount < 0 ? 'amount--minus' : 'amount--plus'}`}>
                {line.amount > 0 ? '+' : ''}
                {formatRupees(line.amount)}
              </span>
              <span className="muted">{formatDateTime(line.createdAt)}</span>
              <span className="muted">
                {t('Balance')} {formatRupees(line.balance)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
