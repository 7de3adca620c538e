/**
 * Dates for the money screens. The API reads start_date / end_date as YYYY-MM-DD India dates,
 * inclusive (PRODUCT.md §2), so "today" is today in Asia/Kolkata whatever the phone's own time zone.
 * Date strings are handled as plain calendar dates (UTC arithmetic on YYYY-MM-DD), never as instants.
 */
import { addDays, indiaToday, weekday } from '@khel/money';
import type { Locale } from './i18n/i18n';

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

/**
 * One formatter for every date a player reads (issue 14, ADR 0030): `hi-IN` or `en-IN` by the chosen
 * language, always in India time, always Western digits. Calendar dates (YYYY-MM-DD) are formatted as
 * such (UTC), never shifted by a time zone. English day-month keeps the specification's "15 Nov".
 */
export type DateStyle = 'dateTime' | 'medium' | 'start' | 'dayMonth' | 'day';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** "21 Nov 2026, 7:19 pm" */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** The locale's medium date and short time (bets, an event's start). */
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  /** "21 Nov, 07:19 pm": an event's start in a list. */
  start: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** "15 Nov" */
  dayMonth: { day: 'numeric', month: 'short' },
  /** "15 Nov 2026" */
  day: { day: 'numeric', month: 'short', year: 'numeric' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The chosen language, as `<html lang>` carries it (setLocale sets both at once, ADR 0030). Read here
 * rather than through i18n's currentLocale: importing that into lazy chunks adds an export to the
 * first-load script, which has no bytes to spare.
 */
export const chosenLocale = (): Locale => (document.documentElement.lang === 'hi' ? 'hi' : 'en');

function formatterOf(style: DateStyle, locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}:${style}:${timeZone}`;
  let format = formatters.get(key);
  if (format === undefined) {
    // English day-month is the specification's "15 Nov" (en-GB); en-IN writes the same for the others.
    const tag = locale === 'hi' ? 'hi-IN' : style === 'dayMonth' ? 'en-GB' : 'en-IN';
    format = new Intl.DateTimeFormat(tag, { ...STYLES[style], timeZone, numberingSystem: 'latn' });
    formatters.set(key, format);
  }
  return format;
}

/** CLDR's short English month names, as en-IN and en-GB write them. */
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * English without Intl (issue 31): the first Intl.DateTimeFormat of a page loads the locale's ICU data,
 * a long task of its own on a phone (about 200 ms at Lighthouse's 4x CPU on Home's event list). English
 * in a fixed offset (India has kept +05:30 without daylight saving since 1945) is a few string joins; the
 * output is en-IN's/en-GB's, character for character (dates.test.ts compares them month by month).
 */
function formatEnglish(instant: Date, style: DateStyle, offsetMs: number): string {
  const local = new Date(instant.getTime() + offsetMs);
  const dayMonth = `${local.getUTCDate()} ${ENGLISH_MONTHS[local.getUTCMonth()]}`;
  const year = local.getUTCFullYear();
  if (style === 'dayMonth') return dayMonth;
  if (style === 'day') return `${dayMonth} ${year}`;
  const hour = local.getUTCHours() % 12 || 12;
  const minute = String(local.getUTCMinutes()).padStart(2, '0');
  const half = local.getUTCHours() < 12 ? 'am' : 'pm';
  if (style === 'start') return `${dayMonth}, ${String(hour).padStart(2, '0')}:${minute} ${half}`;
  return `${dayMonth} ${year}, ${hour}:${minute} ${half}`;
}

/** An instant (ISO string or Date) in India time, in the chosen language; an unreadable value as it came. */
export function formatDate(
  value: string | Date,
  style: DateStyle = 'dateTime',
  locale: Locale = chosenLocale(),
): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return String(value);
  return locale === 'en'
    ? formatEnglish(instant, style, INDIA_OFFSET_MS)
    : formatterOf(style, locale, INDIA_TIME_ZONE).format(instant);
}

/** A calendar date (YYYY-MM-DD) as a day: "15 Nov 2026" ('day') or "15 Nov" ('dayMonth'). */
export function formatCalendarDate(
  date: string,
  style: 'day' | 'dayMonth' = 'day',
  locale: Locale = chosenLocale(),
): string {
  const instant = new Date(`${date}T00:00:00.000Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return locale === 'en' ? formatEnglish(instant, style, 0) : formatterOf(style, locale, 'UTC').format(instant);
}

/** "15 Nov": day-month (spec §9), in the chosen language. */
export function formatDayMonth(date: string, locale: Locale = chosenLocale()): string {
  return formatCalendarDate(date, 'dayMonth', locale);
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
    weeks.push({
      label: `${formatDayMonth(weekStartDate)} – ${formatDayMonth(weekEndDate)}`,
      weekStartDate,
      weekEndDate,
    });
  }
  return weeks;
}

/** An ISO instant as the player reads it: "21 Nov 2026, 7:19 pm" in India time, in the chosen language. */
export function formatDateTime(iso: string): string {
  return formatDate(iso, 'dateTime');
}

/**
 * An instant's India date as d/m/yyyy, the way casino descriptions carry it (PRODUCT.md §4), the same
 * in both languages. Through indiaToday, which the first-load code already exports.
 */
export function formatIndiaDigits(iso: string): string {
  const [year, month, day] = indiaToday(new Date(iso)).split('-');
  return `${Number(day)}/${Number(month)}/${year}`;
}
