import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventResultsListEnvelope, resultsQuerySchema } from '@khel/contract';
import { ok } from '../../../lib/envelope.js';
import type { ResultsService } from './results-service.js';

const tags = ['sports'];

/** The Results page (issue 31): public, like the events it reports on. */
export function resultsRoutes(results: ResultsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/results',
      {
        schema: {
          tags,
          summary: "Each market's result (winner, run total or void) settled on one India day, by event",
          querystring: resultsQuerySchema,
          response: { 200: eventResultsListEnvelope },
        },
      },
      async (request) => ok(await results.results(request.query)),
    );
  };
}
