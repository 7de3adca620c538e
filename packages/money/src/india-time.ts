/**
 * India time (Asia/Kolkata, UTC+05:30, no daylight saving), written once for the server and both apps.
 * start_date/end_date arrive as YYYY-MM-DD in India time (Asia/Kolkata, UTC+05:30, no daylight
 * saving), inclusive (PRODUCT.md §2). These turn them into the half-open UTC range [from, to).
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight India time at the start of the given India date, as a UTC instant. */
export function indiaMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** The India calendar date of an instant, YYYY-MM-DD. */
export function indiaDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** d/m/yyyy in India time, the specification's date format in descriptions. */
export function indiaDayMonthYear(instant: Date): string {
  const [year, month, day] = indiaDate(instant).split('-');
  return `${Number(day)}/${Number(month)}/${year}`;
}

/** The range a statement covers; without dates, the last 30 days up to and including today. */
export function indiaDateRange(
  query: { start_date?: string; end_date?: string },
  now: Date,
  defaultDays = 30,
): { from: Date; to: Date } {
  const end = query.end_date ?? indiaDate(now);
  const start = query.start_date ?? indiaDate(new Date(indiaMidnight(end).getTime() - (defaultDays - 1) * DAY_MS));
  return { from: indiaMidnight(start), to: new Date(indiaMidnight(end).getTime() + DAY_MS) };
}

/** Start of the current India day, week (Sunday, as the spec's weekly periods) or month. */
export function indiaPeriodStart(period: 'daily' | 'weekly' | 'monthly', now: Date): Date {
  const today = indiaDate(now);
  if (period === 'daily') return indiaMidnight(today);
  if (period === 'monthly') return indiaMidnight(`${today.slice(0, 8)}01`);
  return new Date(indiaMidnight(today).getTime() - weekday(today) * DAY_MS);
}

/** Today's calendar date in India, YYYY-MM-DD, whatever the device's own time zone. */
export function indiaToday(now: Date = new Date()): string {
  return indiaDate(now);
}

/** A calendar date (YYYY-MM-DD) moved by whole days; plain date arithmetic, never an instant. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}
