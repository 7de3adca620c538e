// Shared with the bonus desk: one reading of zod issues and server refusals for every form.
export { fieldErrors, serverErrors, type FieldErrors } from '../../../lib/field-errors';

/** '' → undefined, else the number (NaN stays NaN, so the schema refuses it with its own words). */
export function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The India-time wall clock of an ISO instant, as a datetime-local input shows it ("2026-11-21T19:30"). */
export function toIndiaLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value read as India time (operators work in IST) → an ISO instant; '' if unreadable. */
export function fromIndiaLocal(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const date = new Date(`${local}:00+05:30`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
