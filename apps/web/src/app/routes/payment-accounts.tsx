import { Link } from 'react-router';
import { PaymentAccountsManager } from '../../features/payment-accounts/components/payment-accounts-manager';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import { t } from '../../lib/i18n/i18n';

/** /payment-accounts: the player's UPI ids and bank accounts, reachable from /deposit and /withdrawal. */
export default function PaymentAccountsPage() {
  return (
    <MoneyScreen
      title={t('Payment Accounts')}
      intro={t('Withdrawals are paid into these accounts. Add your UPI ID or bank account, or correct one.')}
    >
      <PaymentAccountsManager />
      <nav className="money-links" aria-label={t('Money pages')}>
        <Link to="/deposit">{t('Deposit')}</Link>
        <Link to="/withdrawal">{t('Withdrawal')}</Link>
      </nav>
    </MoneyScreen>
  );
}
