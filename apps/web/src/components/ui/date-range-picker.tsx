import { useId, useMemo } from 'react';
import { indiaToday } from '@khel/money';
import { lastDays, weeklyPeriods, type DateRange, type WeeklyOption } from '../../lib/dates';
import { t } from '../../lib/i18n/i18n';

/** How many past weeks the period list offers (spec §9 "N past weeks"). */
export const WEEKS_OFFERED = 8;

/** The default range of every money history: the last 7 days, India dates. */
export function defaultRange(): DateRange {
  return lastDays(7);
}

/**
 * The date controls of the money screens: a period select (last 7 days or one of the past weeks,
 * Sunday to Saturday) and From / To dates for anything else. Choosing a week fills both dates; editing a
 * date makes the period "Custom range".
 */
export function DateRangePicker({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const id = useId();
  const today = indiaToday();
  const weeks = useMemo(() => weeklyPeriods(WEEKS_OFFERED, today), [today]);
  const last7 = lastDays(7, today);
  // The current week ends today: nothing after it can have happened yet.
  const rangeOf = (week: WeeklyOption): DateRange => ({
    start: week.weekStartDate,
    end: week.weekEndDate > today ? today : week.weekEndDate,
  });
  const preset =
    value.start === last7.start && value.end === last7.end
      ? 'last7'
      : (weeks.find((week) => {
          const range = rangeOf(week);
          return range.start === value.start && range.end === value.end;
        })?.weekStartDate ?? 'custom');

  const setDate = (which: 'start' | 'end', date: string) => {
    if (date === '') return;
    const next = { ...value, [which]: date };
    // Keep the range the right way round: moving one end past the other moves both.
    if (next.start > next.end) {
      if (which === 'start') next.end = date;
      else next.start = date;
    }
    onChange(next);
  };

  return (
    <fieldset className="date-range" data-testid="date-range">
      <legend className="visually-hidden">{t('Date range')}</legend>
      <div className="field date-range__period">
        <label className="field__label" htmlFor={`${id}-period`}>
          {t('Period')}
        </label>
        <select
          id={`${id}-period`}
          className="input"
          value={preset}
          onChange={(event) => {
            const choice = event.target.value;
            if (choice === 'last7') onChange(last7);
            const week = weeks.find((entry) => entry.weekStartDate === choice);
            if (week) onChange(rangeOf(week));
          }}
        >
          <option value="last7">{t('Last 7 days')}</option>
          {weeks.map((week) => (
            <option key={week.weekStartDate} value={week.weekStartDate}>
              {week.label}
            </option>
          ))}
          {preset === 'custom' ? <option value="custom">{t('Custom range')}</option> : null}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {t('From')}
        </label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          max={today}
          value={value.start}
          onChange={(event) => setDate('start', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {t('To')}
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          max={today}
          value={value.end}
          onChange={(event) => setDate('end', event.target.value)}
        />
      </div>
    </fieldset>
  );
}
