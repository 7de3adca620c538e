import { percentProfitPaise, indiaDate, indiaMidnight, indiaPeriodStart } from '@khel/money';

/** The referral programme's rules (PRODUCT.md §8) as pure functions over integer paise. */

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/**
 * The player app's device id (X-Device-Id) as the shared-device rule compares it: case and whitespace
 * do not make another device. Null for what cannot be an id (too short or long, not printable ASCII),
 * which is then not recorded at all.
 */
export function normaliseDeviceId(raw: string): string | null {
  const id = raw.replace(/\s+/g, '').toLowerCase();
  return id.length >= 8 && id.length <= 128 && /^[\x21-\x7e]+$/.test(id) ? id : null;
}

/** The India week (Sunday to Saturday) an instant falls in: its Sunday as YYYY-MM-DD. */
export function weekStartOf(instant: Date): string {
  return indiaDate(indiaPeriodStart('weekly', instant));
}

/** A week's half-open UTC range [from, to) and its Saturday. */
export function weekRange(weekStart: string): { from: Date; to: Date; weekEnd: string } {
  const from = indiaMidnight(weekStart);
  const to = new Date(from.getTime() + WEEK_MS);
  return { from, to, weekEnd: indiaDate(new Date(to.getTime() - DAY_MS)) };
}

export function nextWeek(weekStart: string): string {
  return indiaDate(new Date(indiaMidnight(weekStart).getTime() + WEEK_MS));
}

/** The last week that has closed at this instant (the week before the current one). */
export function lastClosedWeek(now: Date): string {
  return indiaDate(new Date(indiaMidnight(weekStartOf(now)).getTime() - WEEK_MS));
}

/** The Sundays of every week that touches [startDate, endDate] (India dates), oldest first. */
export function weeksTouching(startDate: string, endDate: string): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(indiaMidnight(startDate)); week <= endDate; week = nextWeek(week)) weeks.push(week);
  return weeks;
}

/**
 * One referred player's week: rate × net loss (a net win counts as no loss), rounded down, at most
 * the cap. Net result is what the player's settled bets and rounds moved on their wallet that week.
 */
export function weeklyEarning(
  netResultPaise: number,
  rateBp: number,
  capPaise: number,
): { netLossPaise: number; earnedPaise: number; capped: boolean } {
  const netLossPaise = Math.max(0, -netResultPaise);
  const raw = percentProfitPaise(rateBp, netLossPaise);
  return { netLossPaise, earnedPaise: Math.min(raw, capPaise), capped: raw > capPaise };
}

/** "Ravi Kumar" → "Ra** Ku***": enough to recognise a friend, not to identify a stranger. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) =>
      part.length <= 2 ? `${part.slice(0, 1)}*` : `${part.slice(0, 2)}${'*'.repeat(Math.min(part.length - 2, 6))}`,
    )
    .join(' ');
}
