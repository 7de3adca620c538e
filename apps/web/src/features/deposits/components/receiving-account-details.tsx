import type { AdminAccount } from '@khel/contract';
import { CopyButton } from '../../../components/ui/copy-button';
import { t } from '../../../lib/i18n/i18n';

function DetailRow({ label, value, copy = true }: { label: string; value: string; copy?: boolean }) {
  return (
    <div className="detail-row">
      <dt className="detail-row__label">{label}</dt>
      <dd className="detail-row__value">
        <span className="detail-row__text">{value}</span>
        {copy ? <CopyButton value={value} label={label} /> : null}
      </dd>
    </div>
  );
}

/**
 * The operator account the player pays into, with copy buttons; for UPI the QR (carrying the amount
 * once one is typed) and, on phones, a link that opens the player's UPI app.
 */
export function ReceivingAccountDetails({ account, phone }: { account: AdminAccount; phone: boolean }) {
  if (account.type === 'upi') {
    return (
      <div className="receiving" data-testid="receiving-account">
        {account.qrImage ? (
          <img
            className="receiving__qr"
            src={account.qrImage}
            alt={`UPI QR code for ${account.accountNumber}`}
            width={200}
            height={200}
          />
        ) : null}
        {phone && account.upiLink ? (
          <a className="button button--primary button--block" href={account.upiLink} data-testid="upi-app-link">
            {t('Pay with UPI app')}
          </a>
        ) : null}
        <dl className="details">
          <DetailRow label="UPI ID" value={account.accountNumber} />
          <DetailRow label={t('Name')} value={account.accountHolderName} />
        </dl>
      </div>
    );
  }
  return (
    <div className="receiving" data-testid="receiving-account">
      <dl className="details">
        <DetailRow label={t('Account Number')} value={account.accountNumber} />
        <DetailRow label={t('Account Holder')} value={account.accountHolderName} />
        {account.ifscCode ? <DetailRow label={t('IFSC Code')} value={account.ifscCode} /> : null}
        {account.bankName ? <DetailRow label={t('Bank Name')} value={account.bankName} /> : null}
        {account.accountType ? (
          <DetailRow
            label={t('Account Type')}
            value={account.accountType === 'current' ? 'Current' : 'Savings'}
            copy={false}
          />
        ) : null}
      </dl>
    </div>
  );
}
