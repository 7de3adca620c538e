import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hub88GameUrlRequestSchema, hub88TransactionsRequestSchema, HUB88_UNITS_PER_RUPEE } from '@khel/contract';
import { HUB88_SIGNATURE_HEADER } from '../../lib/hub88-signature.js';
import { SimRefusal } from './hub88-sim-service.js';
import type { Hub88SimService } from './hub88-sim-service.js';
import { GAME_PAGE_SCRIPT, gamePage } from './hub88-sim-page.js';
import { simGame, thumbnailSvg } from './hub88-sim-games.js';

/**
 * The simulator's HTTP face under /hub88-sim/ (hidden from our API docs: it is another party): Hub88's
 * Operator API for the operator (signed both ways as Hub88 does), the game pages the player's frame
 * opens, and the rounds those pages play.
 */
export function hub88SimRoutes(sim: Hub88SimService): FastifyPluginAsyncZod {
  return async (app) => {
    // The Operator API: raw bytes, our signature checked; errors as Hub88 answers them ({ error }, an HTTP status).
    await app.register(async (operatorApi) => {
      operatorApi.removeContentTypeParser('application/json');
      operatorApi.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      operatorApi.setErrorHandler((error: FastifyError, _request, reply) => {
        const status = error instanceof SimRefusal ? error.status : 400;
        return reply.status(status).send({ error: error.message });
      });
      const parsed = <T>(request: FastifyRequest, schema: z.ZodType<T>): T => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new SimRefusal(400, 'Invalid or missing request parameters');
        }
        const signature = request.headers[HUB88_SIGNATURE_HEADER];
        sim.checkOperator(
          raw,
          Array.isArray(signature) ? signature[0] : signature,
          (body as { operator_id?: unknown }).operator_id,
        );
        const result = schema.safeParse(body);
        if (!result.success) throw new SimRefusal(400, 'Invalid or missing request parameters');
        return result.data;
      };
      const config = { rateLimit: false };
      const schema = { hide: true };
      const base = '/hub88-sim/operator/generic/v2';
      operatorApi.post(
        `${base}/game/list`,
        { config, schema, validatorCompiler: () => (data: unknown) => ({ value: data }) },
        async (request) => {
          parsed(request, z.object({ operator_id: z.number().int() }));
          return sim.gameList();
        },
      );
      operatorApi.post(
        `${base}/game/url`,
        { config, schema, validatorCompiler: () => (data: unknown) => ({ value: data }) },
        async (request) => sim.gameUrl(parsed(request, hub88GameUrlRequestSchema)),
      );
      operatorApi.post(
        `${base}/transactions/list`,
        { config, schema, validatorCompiler: () => (data: unknown) => ({ value: data }) },
        async (request) => {
          const body = parsed(request, hub88TransactionsRequestSchema);
          const from = new Date(`${body.start_time}Z`);
          const to = new Date(`${body.end_time}Z`);
          if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new SimRefusal(400, 'Invalid time');
          return sim.transactions(from, to);
        },
      );
    });

    // The game pages and what they call: the player's frame, on our origin.
    const hidden = { hide: true };
    app.get(
      '/hub88-sim/play/:game',
      { schema: { ...hidden, params: z.object({ game: z.string().max(80) }) } },
      async (request, reply) => {
        const game = simGame(request.params.game);
        if (game === undefined) return reply.status(404).type('text/plain').send('No such game');
        return reply.type('text/html; charset=utf-8').send(gamePage(game));
      },
    );
    app.get('/hub88-sim/game.js', { schema: hidden }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(GAME_PAGE_SCRIPT),
    );
    app.get(
      '/hub88-sim/thumbs/:file',
      { schema: { ...hidden, params: z.object({ file: z.string().max(100) }) } },
      async (request, reply) => {
        const game = simGame(request.params.file.replace(/\.svg$/, ''));
        if (game === undefined) return reply.status(404).type('text/plain').send('No such image');
        return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(thumbnailSvg(game));
      },
    );
    const roundBody = z.object({
      token: z.string().min(10).max(255),
      stake: z.number().positive().max(100_000).multipleOf(0.01),
    });
    app.post('/hub88-sim/api/round', { schema: { ...hidden, body: roundBody } }, async (request, reply) => {
      const { token, stake } = request.body as z.infer<typeof roundBody>;
      return answer(reply, async () => {
        const round = await sim.playRound(token, Math.round(stake * 100) * 1000);
        return {
          status: round.status,
          multiplier: round.multiplier === null ? null : round.multiplier / 100,
          payout: round.payout / HUB88_UNITS_PER_RUPEE,
          balance: round.balance === null ? null : round.balance / HUB88_UNITS_PER_RUPEE,
        };
      });
    });
    const balanceBody = z.object({ token: z.string().min(10).max(255) });
    app.post('/hub88-sim/api/balance', { schema: { ...hidden, body: balanceBody } }, async (request, reply) => {
      const { token } = request.body as z.infer<typeof balanceBody>;
      return answer(reply, async () => ({ balance: (await sim.balance(token)) / HUB88_UNITS_PER_RUPEE }));
    });
  };
}

async function answer(reply: FastifyReply, fn: () => Promise<object>): Promise<FastifyReply> {
  try {
    return await reply.send(await fn());
  } catch (error) {
    if (error instanceof SimRefusal) return reply.status(error.status).send({ error: error.message });
    throw error;
  }
}
