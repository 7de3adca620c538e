import { useId, useMemo, useState } from 'react';
import type { WeeklyReferralRow } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Skeleton } from '../../../components/ui/spinner';
import { weeklyPeriods } from '../../../lib/dates';
import { useWeeklyReferral } from '../api/get-weekly-referral';
import { msg, t } from '../../../lib/i18n/i18n';

/** How many weeks the period list offers (spec §9: "N past weeks"). */
export const REFERRAL_WEEKS = 8;

const STATUS_TEXT: Record<WeeklyReferralRow['status'], string> = {
  paid: msg('Paid'),
  refused: msg('Not paid'),
  open: msg('Week still open'),
};

function RowLine({ row }: { row: WeeklyReferralRow }) {
  return (
    <li className="referral-row" data-testid="weekly-row" data-status={row.status}>
      <strong>{row.name}</strong>
      <span className="referral-row__amount" data-testid="weekly-earned">
        {formatRupees(row.earned)}
      </span>
      <span className="muted">
        {t('Net loss')} {formatRupees(row.netLoss)}
        {row.capped ? ' · capped' : ''}
      </span>
      <span className="muted">{t(STATUS_TEXT[row.status])}</span>
      {row.refusedReason ? <span className="muted">{row.refusedReason}</span> : null}
    </li>
  );
}

/**
 * The specification's weekly period list (Sunday to Saturday, English day-month labels, India time)
 * and the chosen week's earnings per referred player. It opens on the last closed week, the newest one
 * that has been paid; the current week is there too, marked as still open.
 */
export function WeeklyEarnings() {
  const id = useId();
  const weeks = useMemo(() => weeklyPeriods(REFERRAL_WEEKS), []);
  const [index, setIndex] = useState(1);
  const week = weeks[index] ?? weeks[0];
  const query = useWeeklyReferral(week ?? { label: '', weekStartDate: '', weekEndDate: '' });

  return (
    <section className="card stack" aria-labelledby={`${id}-title`} data-testid="weekly-earnings">
      <h2 id={`${id}-title`} className="section-title">
        {t('Weekly earnings')}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-week`}>
          {t('Week')}
        </label>
        <select
          id={`${id}-week`}
          className="input"
          value={index}
          onChange={(event) => setIndex(Number(event.target.value))}
          data-testid="week-select"
        >
          {weeks.map((option, position) => (
            <option key={option.weekStartDate} value={position}>
              {option.label}
              {position === 0 ? ' (this week)' : ''}
            </option>
          ))}
        </select>
      </div>
      {query.isPending ? (
        <Skeleton height="72px" />
      ) : query.isError ? (
        <p className="banner banner--error" role="alert">
          {t('We could not load this week.')} {query.error.message}
        </p>
      ) : query.data.rows.length === 0 ? (
        <p className="muted" data-testid="weekly-empty">
          {t('No earnings in this week.')}
        </p>
      ) : (
        <>
          <ul className="referral-rows">
            {query.data.rows.map((row) => (
              <RowLine key={row.referredUserId} row={row} />
            ))}
          </ul>
          <p>
            {t('Week total')} <strong data-testid="weekly-total">{formatRupees(query.data.total)}</strong>
          </p>
        </>
      )}
    </section>
  );
}
