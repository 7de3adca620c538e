import { Link } from 'react-router';
import { rupeesToPaise } from '@khel/money';
import { usePaymentAccounts } from '../../features/payment-accounts/api/get-payment-accounts';
import { AddAccountButtons } from '../../features/payment-accounts/components/payment-accounts-manager';
import { WithdrawalForm } from '../../features/withdrawals/components/withdrawal-form';
import { WithdrawalHistory } from '../../features/withdrawals/components/withdrawal-history';
import { useSession } from '../../lib/auth/session';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import { t } from '../../lib/i18n/i18n';

/**
 * /withdrawal: amount and one of the player's saved accounts (or add one here), then the history. The
 * page composes the payment-accounts and withdrawals features; neither knows the other.
 */
export default function WithdrawalPage() {
  const { user } = useSession();
  const accounts = usePaymentAccounts();
  // Withdrawals come from the main wallet: its balance plus (negative) exposure is what is free.
  const available = user ? ((rupeesToPaise(user.balance) ?? 0) + (rupeesToPaise(user.exposure) ?? 0)) / 100 : null;
  return (
    <MoneyScreen
      title={t('Withdrawal')}
      intro={t(
        'The amount is held from your balance at once and paid into the account you choose once we have sent it.',
      )}
    >
      <WithdrawalForm
        accounts={accounts.isError ? [] : accounts.data}
        available={available}
        addAccount={<AddAccountButtons compact />}
      />
      <nav className="money-links" aria-label={t('Money settings')}>
        <Link to="/payment-accounts">{t('Manage payment accounts')}</Link>
        <Link to="/responsible-gambling">{t('Deposit limits and breaks')}</Link>
      </nav>
      <WithdrawalHistory />
    </MoneyScreen>
  );
}
