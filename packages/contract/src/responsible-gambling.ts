import { z } from 'zod';
import { envelope } from './envelope.js';

/** Self-exclusion periods a player may choose (PRODUCT.md §7). Cannot be shortened once set. */
export const SELF_EXCLUSION_DAYS = [1, 7, 30, 90, 180, 365] as const;

export const selfExclusionRequestSchema = z.object({
  days: z.union(SELF_EXCLUSION_DAYS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<7>], {
    error: `Choose one of ${SELF_EXCLUSION_DAYS.join(', ')} days`,
  }),
  /** The player types their password again: self-exclusion logs them out everywhere. */
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type SelfExclusionRequest = z.infer<typeof selfExclusionRequestSchema>;

export const selfExclusionEnvelope = envelope(z.object({ selfExcludedUntil: z.string() }));
