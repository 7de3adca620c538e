import { MoneyPage } from './money-page';

export default function DepositPage() {
  return (
    <MoneyPage title="Deposit" emptyTitle="Deposits are not open yet" testId="deposit-empty">
      <p>Deposits by UPI or bank transfer will be available here soon.</p>
    </MoneyPage>
  );
}
