import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** One field problem of a validation failure, so a form can mark the field it belongs to. */
export const issueSchema = z.object({ path: z.string(), message: z.string() });

export const metaSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  /** Stable machine code for every non-200 outcome (PRODUCT.md §2). */
  error: z.enum(ERROR_CODES as [string, ...string[]]).optional(),
  /** Set by the calls that log a user in, and by change_password (which replaces the session). */
  token: z.string().optional(),
  issues: z.array(issueSchema).optional(),
});
export type Meta = z.infer<typeof metaSchema>;

/** `{ meta, data }`: data is null on every non-200 meta.code. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ meta: metaSchema, data: data.nullable() });
}
export type Envelope<T> = { meta: Meta; data: T | null };

/** Body of a transport failure (HTTP 401, 413, 415, 429, 500). */
export const transportErrorSchema = z.object({ message: z.string(), meta: metaSchema });
export type TransportError = z.infer<typeof transportErrorSchema>;

/** A call that answers only a message. */
export const emptyEnvelope = envelope(z.null());
