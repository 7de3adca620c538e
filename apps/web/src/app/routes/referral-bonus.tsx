import { MoneyPage } from './money-page';

export default function ReferralBonusPage() {
  return (
    <MoneyPage title="Referral Bonus" emptyTitle="No referrals yet" testId="referral-bonus-empty">
      <p>Players who join with your referral code, and the bonus they earn you each week, will be listed here.</p>
    </MoneyPage>
  );
}
