import { MESSAGES } from '@khel/contract';
import { MoneyPage } from './money-page';

export default function ProfitLossPage() {
  return (
    <MoneyPage title="Profit And Loss" emptyTitle={MESSAGES.noData} testId="profit-loss-empty">
      <p>Your profit and loss by sport, event and casino game will be listed here by date.</p>
    </MoneyPage>
  );
}
