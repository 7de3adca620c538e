import { DepositLimits } from '../../features/responsible-gambling/components/deposit-limits';
import { SelfExclusion } from '../../features/responsible-gambling/components/self-exclusion';
import { isCreditPlayer } from '../../lib/auth/permissions';
import { useSession } from '../../lib/auth/session';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import { t } from '../../lib/i18n/i18n';

/**
 * /responsible-gambling (PRODUCT.md §7): deposit limits and self-exclusion, both enforced by the server.
 * Credit players make no deposits, so they see only self-exclusion.
 */
export default function ResponsibleGamblingPage() {
  const { user } = useSession();
  return (
    <MoneyScreen
      title={t('Responsible Gambling')}
      intro={t('Play for fun, within limits you set yourself. If it stops being fun, take a break.')}
    >
      {user && !isCreditPlayer(user) ? <DepositLimits /> : null}
      <SelfExclusion />
    </MoneyScreen>
  );
}
