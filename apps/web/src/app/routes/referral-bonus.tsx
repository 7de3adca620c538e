import { ReferralView } from '../../features/referral/components/referral-view';
import { MoneyScreen } from './money-page';
import '../../styles/money.css';
import '../../styles/bonus.css';

export default function ReferralBonusPage() {
  return (
    <MoneyScreen title="Referral Bonus" intro="Invite friends with your code. Each week you earn a share of their net losses, paid once the week has closed." testId="referral-page">
      <ReferralView />
    </MoneyScreen>
  );
}
