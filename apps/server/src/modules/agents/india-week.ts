import { indiaDate, indiaMidnight } from '@khel/money';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The India-time week (Monday to Sunday) holding an India date: its Monday, Sunday and UTC range. */
export function indiaWeek(date: string): { weekStart: string; weekEnd: string; from: Date; to: Date } {
  const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
  const from = new Date(indiaMidnight(date).getTime() - ((weekday + 6) % 7) * DAY_MS);
  const to = new Date(from.getTime() + 7 * DAY_MS);
  return { weekStart: indiaDate(from), weekEnd: indiaDate(new Date(to.getTime() - DAY_MS)), from, to };
}

/** The Monday that starts the India week after the one running at `now`: when a rate change takes effect. */
export function nextIndiaWeekStart(now: Date): string {
  return indiaDate(indiaWeek(indiaDate(now)).to);
}
