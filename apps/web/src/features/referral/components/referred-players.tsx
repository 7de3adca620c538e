import type { ReferredUser } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n/i18n';

/** The players who joined with the code: masked name, joined, first deposit, what each has earned. */
export function ReferredPlayers({ users }: { users: ReferredUser[] }) {
  return (
    <section className="card stack" aria-labelledby="referred-title" data-testid="referred-players">
      <h2 id="referred-title" className="section-title">
        {t('Friends you referred')}
      </h2>
      {users.length === 0 ? (
        <p className="muted" data-testid="referred-empty">
          {t('No one has joined with your code yet. Share your link to invite friends.')}
        </p>
      ) : (
        <ul className="referral-rows">
          {users.map((user) => (
            <li key={user._id} className="referral-row" data-testid="referred-player">
              <strong>{user.name}</strong>
              <span className="referral-row__amount">{formatRupees(user.totalEarned)}</span>
              <span className="muted">
                {t('Joined')} {formatDateTime(user.joinedAt)}
              </span>
              <span className="muted">{user.firstDepositMade ? t('First deposit made') : t('No deposit yet')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
