import { BonusView } from '../../features/bonus/components/bonus-view';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import '../../styles/bonus.css';

export default function BonusPage() {
  return (
    <MoneyScreen title="Bonus" intro="Bonus money lives in your bonus wallet. Play it through to move it to your main wallet." testId="bonus-page">
      <BonusView />
    </MoneyScreen>
  );
}
