import type { Meta } from '@khel/contract';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field from zod issues (or the server's meta.issues), limited to known fields. */
export function collectErrors<K extends string>(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
  fields: readonly K[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(Array.isArray(issue.path) ? issue.path[0] : String(issue.path).split('.')[0]);
    if ((fields as readonly string[]).includes(key) && errors[key as K] === undefined) errors[key as K] = issue.message;
  }
  return errors;
}

export function serverFieldErrors<K extends string>(meta: Meta, fields: readonly K[]): FieldErrors<K> {
  return meta.issues ? collectErrors(meta.issues, fields) : {};
}

/** Moves focus to the first invalid control so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // After React has rendered the error state.
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
