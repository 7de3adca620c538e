import { ApiError } from '../../../lib/api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per top-level field of a failed zod parse (the contract's schemas). */
export function zodFieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The server's field problems (meta.issues), or null when the refusal is not about one field. */
export function serverFieldErrors<F extends string>(error: unknown): FieldErrors<F> | null {
  if (!(error instanceof ApiError) || error.issues.length === 0) return null;
  return Object.fromEntries(error.issues.map((issue) => [issue.path.split('.')[0], issue.message])) as FieldErrors<F>;
}

/** Moves focus to the first field marked invalid, once React has painted the messages. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * Plain words for required fields left empty ("Enter a title"), which win over the schema's generic
 * messages ("Too small: expected string to have >=1 characters").
 */
export function withEmptyMessages<F extends string>(
  errors: FieldErrors<F>,
  values: Partial<Record<F, string>>,
  messages: Partial<Record<F, string>>,
): FieldErrors<F> {
  const next: FieldErrors<F> = { ...errors };
  for (const field of Object.keys(messages) as F[]) {
    const value = values[field];
    if (value !== undefined && value.trim() === '') next[field] = messages[field];
  }
  return next;
}
