import { ReferralView } from '../../features/referral/components/referral-view';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import '../../styles/bonus.css';
import { t } from '../../lib/i18n/i18n';

export default function ReferralBonusPage() {
  return (
    <MoneyScreen
      title={t('Referral Bonus')}
      intro={t(
        'Invite friends with your code. Each week you earn a share of their net losses, paid once the week has closed.',
      )}
      testId="referral-page"
    >
      <ReferralView />
    </MoneyScreen>
  );
}
