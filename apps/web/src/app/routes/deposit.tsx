import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@khel/contract';
import { DepositHistory } from '../../features/deposits/components/deposit-history';
import { DepositModal, type DepositMethod } from '../../features/deposits/components/deposit-modal';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import { useT } from '../../lib/i18n/i18n';

/**
 * /deposit: choose UPI or a bank transfer (each opens its modal of spec §2), the player's deposits by
 * date, and the way to payment accounts and to deposit limits.
 */
export default function DepositPage() {
  const t = useT();
  const [method, setMethod] = useState<DepositMethod | null>(null);
  return (
    <MoneyScreen
      title={t('Deposit')}
      intro={`${t('Pay into one of our accounts, then tell us the amount and the reference.')} ${t(MESSAGES.depositMinimum)}.`}
    >
      <section className="stack" aria-labelledby="deposit-method-title">
        <h2 id="deposit-method-title" className="section-title">
          {t('How do you want to pay?')}
        </h2>
        <div className="method-grid">
          <button type="button" className="method-card" onClick={() => setMethod('upi')} data-testid="deposit-upi">
            <strong>{t('UPI')}</strong>
            <span className="muted">{t('Scan the QR or pay to our UPI ID from any UPI app')}</span>
          </button>
          <button type="button" className="method-card" onClick={() => setMethod('bank')} data-testid="deposit-bank">
            <strong>{t('Bank transfer')}</strong>
            <span className="muted">{t('IMPS, NEFT or RTGS to our bank account')}</span>
          </button>
        </div>
      </section>
      <nav className="money-links" aria-label={t('Money settings')}>
        <Link to="/payment-accounts">{t('Payment accounts')}</Link>
        <Link to="/responsible-gambling">{t('Deposit limits and breaks')}</Link>
      </nav>
      <DepositHistory />
      <DepositModal method="upi" open={method === 'upi'} onClose={() => setMethod(null)} />
      <DepositModal method="bank" open={method === 'bank'} onClose={() => setMethod(null)} />
    </MoneyScreen>
  );
}
