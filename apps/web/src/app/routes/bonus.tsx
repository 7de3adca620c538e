import { MoneyPage } from './money-page';

export default function BonusPage() {
  return (
    <MoneyPage title="Bonus" emptyTitle="No bonuses available" testId="bonus-empty">
      <p>Bonus offers you can activate, claim or forfeit will be listed here.</p>
    </MoneyPage>
  );
}
