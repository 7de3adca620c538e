import { ApiError, errorMessage } from './api-client';
import { toast } from './toast';

export type FieldErrors = Record<string, string>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per field of a zod result, keyed by the dotted path ('contributions.fancy'). */
export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** A refusal: meta.issues beside the fields they name, anything else as a toast in the server's words. */
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
