import type { PlayerBonusDetail } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Amount } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePlayerBonuses } from '../api/player-bonuses';
import { GrantBonusForm } from './grant-bonus-form';
import '../bonuses.css';

const STATUS: Record<PlayerBonusDetail['status'], { label: string; badge: string }> = {
  offered: { label: 'Offered', badge: 'badge-muted' },
  active: { label: 'Active', badge: 'badge-warning' },
  completed: { label: 'Completed', badge: 'badge-ok' },
  claimed: { label: 'Claimed', badge: 'badge-ok' },
  forfeited: { label: 'Forfeited', badge: 'badge-danger' },
  expired: { label: 'Expired', badge: 'badge-danger' },
};
const ENTRY: Record<PlayerBonusDetail['wagering'][number]['status'], string> = {
  counted: 'Counted',
  below_min_odds: 'Below minimum odds',
  voided: 'Voided',
};

function WageringHistory({ bonus }: { bonus: PlayerBonusDetail }) {
  if (bonus.wagering.length === 0) return <p className="muted small">No settled bonus-wallet stakes yet.</p>;
  return (
    <table className="data-table responsive-table" aria-label={`Wagering of ${bonus.offerName}`}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Stake</th>
          <th scope="col" className="num">
            At risk
          </th>
          <th scope="col" className="num">
            Odds
          </th>
          <th scope="col" className="num">
            Contribution
          </th>
          <th scope="col" className="num">
            Counted
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {bonus.wagering.map((entry) => (
          <tr key={entry._id}>
            <td data-label="When">{formatDateTime(entry.updatedAt)}</td>
            <td data-label="Stake">{entry.description}</td>
            <td data-label="At risk" className="num">
              <Amount value={entry.amountAtRisk} />
            </td>
            <td data-label="Odds" className="num">
              {entry.odds === null ? '—' : entry.odds.toFixed(2)}
            </td>
            <td data-label="Contribution" className="num">
              {entry.contributionPercent}%
            </td>
            <td data-label="Counted" className="num">
              <Amount value={entry.counted} />
            </td>
            <td data-label="Status">{ENTRY[entry.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A player's bonuses on the user page: a manual grant, then each bonus with its wagering history. */
export function PlayerBonuses({ userId, playerName }: { userId: string; playerName: string }) {
  const bonuses = usePlayerBonuses(userId);
  return (
    <section className="card" aria-labelledby="player-bonuses-title">
      <h2 id="player-bonuses-title">Bonuses</h2>
      <GrantBonusForm userId={userId} playerName={playerName} />
      <h3 className="subheading">Bonuses of {playerName}</h3>
      {bonuses.isPending ? (
        <LoadingBlock label="Loading bonuses…" />
      ) : bonuses.isError ? (
        <Alert>{errorMessage(bonuses.error)}</Alert>
      ) : bonuses.data.length === 0 ? (
        <EmptyState title="No bonuses yet" />
      ) : (
        <ul className="bonus-panel bonus-list" aria-label="Player bonuses">
          {bonuses.data.map((bonus) => (
            <li key={bonus._id} className="card" aria-label={`${bonus.offerName}, ${STATUS[bonus.status].label}`}>
              <div className="bonus-toolbar">
                <strong>
                  {bonus.offerName} · {formatRupees(bonus.amount)}
                </strong>
                <span className={`badge ${STATUS[bonus.status].badge}`}>{STATUS[bonus.status].label}</span>
              </div>
              <p className="small">
                Wagered {formatRupees(bonus.wageringProgress)} of {formatRupees(bonus.wageringRequired)} (
                {bonus.progressPercent}%) · odds ≥ {bonus.minOdds.toFixed(2)} · given {formatDateTime(bonus.createdAt)}
                {bonus.completeBy !== null
                  ? ` · complete by ${formatDateTime(bonus.completeBy)}`
                  : ` · activate by ${formatDateTime(bonus.activateBy)}`}
              </p>
              <progress
                className="bonus-progress"
                max={100}
                value={Math.min(100, bonus.progressPercent)}
                aria-label={`Wagering of ${bonus.offerName}`}
              />
              {bonus.grantReason !== null ? (
                <p className="muted small">
                  Granted by an operator: <q>{bonus.grantReason}</q>
                </p>
              ) : null}
              {bonus.convertedAmount !== null ? (
                <p className="small">
                  Claimed: {formatRupees(bonus.convertedAmount)} to the main wallet
                  {bonus.removedAmount ? `, ${formatRupees(bonus.removedAmount)} removed` : ''}.
                </p>
              ) : null}
              <details className="bonus-wagering">
                <summary>Wagering history ({bonus.wagering.length})</summary>
                <WageringHistory bonus={bonus} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
