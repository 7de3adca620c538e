import { z } from 'zod';

/** GET /api/health/live: the process runs and answers (a probe restarts it when this fails). */
export const healthLiveSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

/** One readiness check: passed, failed with why, or not applicable here (no Redis configured). */
export const readinessCheckSchema = z.object({
  ok: z.boolean(),
  detail: z.string().optional(),
});

/**
 * GET /api/health/ready: HTTP 200 when this process should get traffic, 503 when not (draining, the
 * database or Redis unreachable, migrations behind the code, markets' writers unreachable).
 */
export const healthReadySchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    redis: readinessCheckSchema,
    markets: readinessCheckSchema,
    /** A live feed's state (decision 0070): told to the operator, never a reason to take the process out of service. */
    feed: readinessCheckSchema.optional(),
  }),
});
export type HealthReady = z.infer<typeof healthReadySchema>;
