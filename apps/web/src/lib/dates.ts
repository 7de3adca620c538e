/**
 * Dates for the money screens. The API reads start_date / end_date as YYYY-MM-DD India dates,
 * inclusive (PRODUCT.md §2), so "today" is today in Asia/Kolkata whatever the phone's own time zone.
 * Date strings are handled as plain calendar dates (UTC arithmetic on YYYY-MM-DD), never as instants.
 */
import { addDays, indiaToday, weekday } from '@khel/money';

export const INDIA_TIME_ZONE = 'Asia/Kolkata';

export interface DateRange {
  start: string;
  end: string;
}

/** Spec §3 "Weekly option": label, weekStartDate, weekEndDate. */
export interface WeeklyOption {
  label: string;
  weekStartDate: string;
  weekEndDate: string;
}

/** The last `days` days ending today (the money screens default to the last 7 days). */
export function lastDays(days: number, today: string = indiaToday()): DateRange {
  return { start: addDays(today, -(days - 1)), end: today };
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "15 Nov": English day-month (spec §9). */
export function formatDayMonth(date: string): string {
  return DAY_MONTH.format(new Date(`${date}T00:00:00.000Z`));
}

/**
 * Spec §9: the weekly period list, generated for `count` weeks back from the week holding `today`,
 * newest first, each from Sunday to Saturday, labelled "15 Nov – 21 Nov".
 */
export function weeklyPeriods(count: number, today: string = indiaToday()): WeeklyOption[] {
  const sunday = addDays(today, -weekday(today));
  const weeks: WeeklyOption[] = [];
  for (let index = 0; index < count; index += 1) {
    const weekStartDate = addDays(sunday, -7 * index);
    const weekEndDate = addDays(weekStartDate, 6);
    weeks.push({ label: `${formatDayMonth(weekStartDate)} – ${formatDayMonth(weekEndDate)}`, weekStartDate, weekEndDate });
  }
  return weeks;
}

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An ISO instant as the player reads it: "21 Nov 2026, 7:19 pm" in India time. */
export function formatDateTime(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : DATE_TIME.format(value);
}
