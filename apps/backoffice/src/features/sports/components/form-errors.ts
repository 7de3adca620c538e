import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export type FieldErrors = Record<string, string>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per field of a zod result, keyed by the dotted path ('runners.0.backRate'). */
export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A refusal from the server: its meta.issues go beside the fields they name, anything else is a
 * toast in the server's words. Answers the field errors to show.
 */
export function serverErrors(error: unknown, fields: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const field of fields) {
      const message = error.issueFor(field);
      if (message !== undefined) errors[field] = message;
    }
  }
  if (Object.keys(errors).length === 0) toast.error(errorMessage(error));
  return errors;
}

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
