import { BonusView } from '../../features/bonus/components/bonus-view';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import '../../styles/bonus.css';
import { t } from '../../lib/i18n/i18n';

export default function BonusPage() {
  return (
    <MoneyScreen
      title={t('Bonus')}
      intro={t('Bonus money lives in your bonus wallet. Play it through to move it to your main wallet.')}
      testId="bonus-page"
    >
      <BonusView />
    </MoneyScreen>
  );
}
