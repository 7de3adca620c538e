import { MoneyPage } from './money-page';

export default function WithdrawalPage() {
  return (
    <MoneyPage title="Withdrawal" emptyTitle="Withdrawals are not open yet" testId="withdrawal-empty">
      <p>Withdrawals to your saved UPI or bank accounts will be available here soon.</p>
    </MoneyPage>
  );
}
