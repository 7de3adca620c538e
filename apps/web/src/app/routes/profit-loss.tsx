import { ProfitLossView } from '../../features/statements/components/profit-loss-view';
import { canUseBonusWallet } from '../../lib/auth/permissions';
import { useSession } from '../../lib/auth/session';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import { t } from '../../lib/i18n/i18n';

/** /profit-loss (needs allowProfitLoss): net results by sport, event, market and casino provider. */
export default function ProfitLossPage() {
  const { user } = useSession();
  return (
    <MoneyScreen title={t('Profit And Loss')}>
      <ProfitLossView offerBonus={user ? canUseBonusWallet(user) : false} />
    </MoneyScreen>
  );
}
