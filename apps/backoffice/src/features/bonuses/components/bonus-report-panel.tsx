import { useState } from 'react';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useBonusReport } from '../api/referral';

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonth = (date: string) => DAY_MONTH.format(new Date(`${date}T00:00:00Z`));

/** Per India week: bonus cost (posted, converted) and completion, and referral payouts. */
export function BonusReportPanel() {
  const [weeks, setWeeks] = useState(8);
  const report = useBonusReport(weeks);
  return (
    <div className="bonus-panel">
      <div className="bonus-toolbar">
        <p className="muted">Weeks run Sunday to Saturday, India time. Cost is what claims moved to main wallets.</p>
        <SelectField label="Weeks" value={String(weeks)} onChange={(event) => setWeeks(Number(event.target.value))}>
          {[4, 8, 13, 26, 52].map((count) => (
            <option key={count} value={count}>
              Last {count} weeks
            </option>
          ))}
        </SelectField>
      </div>
      {report.isPending ? (
        <LoadingBlock label="Loading the report…" />
      ) : report.isError ? (
        <Alert>{errorMessage(report.error)}</Alert>
      ) : report.data.length === 0 ? (
        <EmptyState title="Nothing to report yet" />
      ) : (
        <table className="data-table responsive-table" aria-label="Bonus and referral report">
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col" className="num">
                Granted
              </th>
              <th scope="col" className="num">
                Activated
              </th>
              <th scope="col" className="num">
                Posted
              </th>
              <th scope="col" className="num">
                Completed
              </th>
              <th scope="col" className="num">
                Claimed
              </th>
              <th scope="col" className="num">
                Cost (converted)
              </th>
              <th scope="col" className="num">
                Completion
              </th>
              <th scope="col" className="num">
                Forfeited / expired
              </th>
              <th scope="col" className="num">
                Referral earned
              </th>
              <th scope="col" className="num">
                Referral claimed
              </th>
              <th scope="col" className="num">
                Refused
              </th>
            </tr>
          </thead>
          <tbody>
            {report.data.map((row) => (
              <tr key={row.weekStartDate}>
                <td data-label="Week">
                  {dayMonth(row.weekStartDate)} – {dayMonth(row.weekEndDate)}
                </td>
                <td data-label="Granted" className="num">
                  {row.bonusesGranted}
                </td>
                <td data-label="Activated" className="num">
                  {row.bonusesActivated}
                </td>
                <td data-label="Posted" className="num">
                  {formatRupees(row.bonusPosted)}
                </td>
                <td data-label="Completed" className="num">
                  {row.bonusesCompleted}
                </td>
                <td data-label="Claimed" className="num">
                  {row.bonusesClaimed}
                </td>
                <td data-label="Cost (converted)" className="num">
                  {formatRupees(row.bonusConverted)}
                </td>
                <td data-label="Completion" className="num">
                  {row.bonusesActivated === 0 ? '—' : `${Math.round((row.bonusesCompleted / row.bonusesActivated) * 100)}%`}
                </td>
                <td data-label="Forfeited / expired" className="num">
                  {row.bonusesForfeited} / {row.bonusesExpired}
                </td>
                <td data-label="Referral earned" className="num">
                  {formatRupees(row.referralEarned)}
                </td>
                <td data-label="Referral claimed" className="num">
                  {formatRupees(row.referralClaimed)}
                </td>
                <td data-label="Refused" className="num">
                  {row.referralRefused}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
