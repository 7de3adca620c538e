import { StatementView } from '../../features/statements/components/statement-view';
import { canUseBonusWallet } from '../../lib/auth/permissions';
import { useSession } from '../../lib/auth/session';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import { t } from '../../lib/i18n/i18n';

/** /statements (needs allowStatements): the account statement with its running balance. */
export default function StatementsPage() {
  const { user } = useSession();
  return (
    <MoneyScreen title={t('Account Statements')}>
      <StatementView offerBonus={user ? canUseBonusWallet(user) : false} />
    </MoneyScreen>
  );
}
