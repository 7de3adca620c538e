import { Link } from 'react-router';
import { PaymentAccountsManager } from '../../features/payment-accounts/components/payment-accounts-manager';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';

/** /payment-accounts: the player's UPI ids and bank accounts, reachable from /deposit and /withdrawal. */
export default function PaymentAccountsPage() {
  return (
    <MoneyScreen title="Payment Accounts" intro="Withdrawals are paid into these accounts. Add your UPI ID or bank account, or correct one.">
      <PaymentAccountsManager />
      <nav className="money-links" aria-label="Money pages">
        <Link to="/deposit">Deposit</Link>
        <Link to="/withdrawal">Withdrawal</Link>
      </nav>
    </MoneyScreen>
  );
}
