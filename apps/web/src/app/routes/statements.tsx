import { MESSAGES } from '@khel/contract';
import { MoneyPage } from './money-page';

export default function StatementsPage() {
  return (
    <MoneyPage title="Account Statements" emptyTitle={MESSAGES.noData} testId="statements-empty">
      <p>Every credit and debit of your main and bonus wallets will be listed here by date.</p>
    </MoneyPage>
  );
}
