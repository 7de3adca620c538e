import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/spinner';
import { useReferralUsers } from '../api/get-referral-users';
import { ReferralMovements } from './referral-movements';
import { ReferralTotals } from './referral-totals';
import { ReferredPlayers } from './referred-players';
import { SharePanel } from './share-panel';
import { WeeklyEarnings } from './weekly-earnings';
import { t } from '../../../lib/i18n/i18n';

/** /referral-bonus (PRODUCT.md §8). The route guard already keeps out credit players and referralAllow=false. */
export function ReferralView() {
  const query = useReferralUsers();
  if (query.isPending) {
    return (
      <div className="stack" aria-busy="true" data-testid="referral-loading">
        <span className="visually-hidden" role="status">
          {t('Loading your referrals')}
        </span>
        <Skeleton height="120px" />
        <Skeleton height="160px" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="banner banner--error stack-sm" role="alert" data-testid="referral-error">
        <p>
          {t('We could not load your referrals.')} {query.error.message}
        </p>
        <Button
          variant="secondary"
          className="button--small"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          {t('Try again')}
        </Button>
      </div>
    );
  }
  const data = query.data;
  return (
    <div className="stack-lg" data-testid="referral-view">
      <ReferralTotals totals={data.totals} />
      <SharePanel code={data.referralCode} sharePath={data.sharePath} />
      <WeeklyEarnings />
      <ReferredPlayers users={data.users} />
      <ReferralMovements />
    </div>
  );
}
