import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import { fail } from '../../lib/app-error.js';
import { HttpError } from '../../lib/http-error.js';
import { hmacHex, safeEqualHex } from '../../lib/crypto.js';
import { parseDeliveryReports } from './msg91-sms.js';
import type { Msg91SmsService } from './msg91-service.js';

/** Where the MSG91 panel's SMS webhook points: `<site>/api/v1/sms/msg91/reports?token=<MSG91_WEBHOOK_TOKEN>`. */
export const MSG91_REPORTS_PATH = '/api/v1/sms/msg91/reports';

/** The same length whatever the input, so comparing them says nothing about the token through time. */
const digest = (value: string) => hmacHex('msg91-webhook', value);

/**
 * MSG91's delivery reports (decision 0060), registered only with SMS_ADAPTER=msg91. MSG91 signs
 * nothing, so the webhook's URL carries a secret (`token`, in the query: the access log writes paths
 * without their query). A wrong or missing token answers as an unknown route. Both of MSG91's SMS
 * webhook bodies are read: v2 (form-encoded `data`) and v3 (JSON). Not counted by the API rate limit:
 * MSG91 posts one report a message from a few addresses.
 */
export function msg91ReportRoutes(sms: Msg91SmsService, token: string): FastifyPluginAsyncZod {
  const expected = digest(token);
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.post(
      MSG91_REPORTS_PATH,
      {
        config: { rateLimit: false },
        schema: {
          tags: ['sms'],
          summary:
            "MSG91's delivery reports (its SMS webhook, v2 form-encoded or v3 JSON); the URL's token is the secret",
          querystring: z.object({ token: z.string().max(200).optional() }),
          body: z.unknown(),
          response: { 200: envelope(z.object({ reports: z.number().int(), ours: z.number().int() })) },
        },
      },
      async (request) => {
        if (!safeEqualHex(digest(request.query.token ?? ''), expected)) throw new HttpError(404, 'ROUTE_NOT_FOUND');
        const reports = parseDeliveryReports(request.body);
        if (reports === null) fail('VALIDATION_FAILED', 'Not an MSG91 delivery report');
        const ours = await sms.reported(reports);
        return ok({ reports: reports.length, ours });
      },
    );
  };
}
