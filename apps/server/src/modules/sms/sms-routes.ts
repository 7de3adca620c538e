import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, mobileNoSchema } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { OutboxSmsService } from './sms-service.js';

const outboxEntrySchema = z.object({ mobile_no: z.string(), body: z.string(), createdAt: z.string() });

/** Registered only outside production mode (PRODUCT.md §3). */
export function smsDevRoutes(sms: OutboxSmsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/sms-outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Messages the outbox SMS adapter kept for a number, newest first (not in production)',
          querystring: z.object({ mobile_no: mobileNoSchema }),
          response: { 200: envelope(z.array(outboxEntrySchema)) },
        },
      },
      async (request) => ok(await sms.outbox(request.query.mobile_no)),
    );
  };
}
