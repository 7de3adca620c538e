import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthLiveSchema, healthReadySchema, healthSchema } from '@khel/contract';
import type { HealthService } from './health-service.js';

/**
 * Probes (decision 0041): `/api/health/live` answers while the process runs (a failure means restart
 * it), `/api/health/ready` 200 only while it should get traffic (503 draining or when a dependency is
 * down: the balancer sends elsewhere). `/api/health` is kept as it was (the e2e harness waits on it).
 */
export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  const tags = ['ops'];
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags, summary: 'Liveness and database reachability', response: { 200: healthSchema } } },
      async () => health.health(),
    );
    app.get(
      '/api/health/live',
      { schema: { tags, summary: 'Liveness: the process runs and answers', response: { 200: healthLiveSchema } } },
      async () => health.live(),
    );
    app.get(
      '/api/health/ready',
      {
        schema: {
          tags,
          summary:
            'Readiness: database reachable, migrations current, Redis reachable when configured, market writers reachable, not draining (503 otherwise)',
          response: { 200: healthReadySchema, 503: healthReadySchema },
        },
      },
      async (_request, reply) => {
        const answer = await health.ready();
        return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
      },
    );
  };
}
