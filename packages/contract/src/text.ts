import { z } from 'zod';

/**
 * Control characters in client text (issue 9, docs/decisions/0013-casino-wallet-limits-and-bad-input.md).
 * NUL, the other C0 controls, DEL and the C1 controls are never text a person typed: PostgreSQL refuses
 * NUL outright, and the rest corrupt logs, CSV exports and screens. They are refused everywhere — in
 * every body field, JSON key, query and path parameter — with one exception: a multi-line field (a
 * reason, a note, a message, a description; the back office's text areas) may hold line breaks and tabs.
 * The server applies this to every request before validation, so no route can forget it.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Body fields whose name ends like this are multi-line text: line breaks and tabs are allowed there. */
export const MULTI_LINE_FIELD = /(reason|notes?|remarks?|comments?|message|description)$/i;

/**
 * Half of a UTF-16 surrogate pair with no other half: no character at all, and PostgreSQL refuses to
 * store it (a 500 at the database), so it is refused with the control characters.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text may not contain control characters';

export function hasControlCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL_ANYWHERE).test(value) || LONE_SURROGATE.test(value);
}

/**
 * The dotted path of the first string (or object key) in `value` holding a forbidden control character
 * (or nested absurdly deep), or null. Strings under a multi-line field name may hold \n, \r and \t.
 */
export function findControlCharacter(value: unknown, path: string[] = [], multiLine = false, depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacters(value, multiLine) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  // Nothing in this API nests deeper; a body that does is refused rather than walked without end.
  if (depth > 64) return path.join('.');
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (!Array.isArray(value) && hasControlCharacters(key))
      return [...path, key.replace(CONTROL_ANYWHERE, '?')].join('.');
    const found = findControlCharacter(
      item,
      [...path, key],
      Array.isArray(value) ? multiLine : MULTI_LINE_FIELD.test(key),
      depth + 1,
    );
    if (found !== null) return found;
  }
  return null;
}

/** A single-line text schema for forms (the server's own check covers every request anyway). */
export const singleLineText = () =>
  z.string().refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);

/**
 * A YYYY-MM-DD date that exists on the calendar (2026-02-30 and 0033-24-94 do not): a regex alone let
 * impossible dates through to the database, which refused them with a 500.
 */
export function calendarDate(message = 'Dates look like 2026-11-21') {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const [year, month, day] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return (
        year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      );
    }, message);
}
