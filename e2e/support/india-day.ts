/**
 * The India date in browser tests. Pages and the server file casino rounds, statements and histories under
 * the India (Asia/Kolkata) date, so a test that reads "today" must not run across India's midnight
 * (18:30 UTC): rounds played before it are yesterday's, and a history opened before it keeps showing
 * yesterday. `sameIndiaDayFor` waits out the turn of the day when it is nearer than the test needs.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** India date as d/m/yyyy, the way casino descriptions carry it. */
export function indiaDmy(date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** Milliseconds until the India date next changes. */
export function msToIndiaMidnight(now = Date.now()): number {
  return DAY_MS - ((now + INDIA_OFFSET_MS) % DAY_MS);
}

/** Resolves at once, or just after India's midnight when it is less than `ms` away. */
export async function sameIndiaDayFor(ms: number): Promise<void> {
  const left = msToIndiaMidnight();
  if (left >= ms) return;
  await new Promise((resolve) => setTimeout(resolve, left + 2_000));
}
