import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '@khel/contract';

/** Paths a draining process still answers: probes, the scraper, and casino providers' callbacks for rounds already started. */
const ALWAYS_ANSWERED = ['/api/health', '/metrics', '/api/v1/casino-wallet/'];

export type DrainPhase = 'serving' | 'draining' | 'refusing';

/**
 * A graceful stop (issue 29, decision 0041). SIGTERM starts it:
 * 1. `draining`: readiness answers 503 so the load balancer stops sending new work, while everything
 *    still arriving is served as usual (for `delayMs`, a few of the balancer's health checks);
 * 2. `refusing`: a new request answers 503 SERVICE_RESTARTING with `Connection: close` (nothing was
 *    done; the client or the balancer sends it again elsewhere), except probes and casino callbacks;
 *    requests in flight run to their answer, however long their bet's group commit takes;
 * 3. the caller then closes the app: sockets get 1012 (reconnect), leases are given back and
 *    forwarded commands still running answer (market router), the database closes last.
 */
export function createDrain(options: { delayMs: number; sleep?: (ms: number) => Promise<void> }) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  let phase: DrainPhase = 'serving';
  let inFlight = 0;
  let idle: (() => void) | null = null;

  const exempt = (request: FastifyRequest) => ALWAYS_ANSWERED.some((prefix) => request.url.startsWith(prefix));
  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0 && idle !== null) idle();
  };

  return {
    phase: (): DrainPhase => phase,
    /** Requests being answered now (WebSockets aside). */
    inFlight: (): number => inFlight,

    /** Counts requests in flight and refuses new ones once refusing. Registered before every route. */
    register(app: FastifyInstance): void {
      app.addHook('onRequest', (request, reply, done) => {
        if (phase === 'refusing' && !exempt(request)) {
          const code = 'SERVICE_RESTARTING';
          const message = ERRORS[code].message;
          void reply
            .status(503)
            .header('connection', 'close')
            .header('retry-after', '1')
            .send({ message, meta: { code: 503, message, error: code } });
          return;
        }
        // A WebSocket lives as long as its client: it is closed with a reconnect hint when the app closes, never waited for.
        if (request.headers.upgrade !== undefined) {
          done();
          return;
        }
        inFlight += 1;
        // Answered or abandoned by the client: either way it is no longer in flight (each counted once).
        let counted = true;
        const end = () => {
          if (!counted) return;
          counted = false;
          finished();
        };
        reply.raw.once('close', end);
        done();
      });
      app.addHook('onSend', (_request, reply, payload, done) => {
        // While draining, every answer closes its connection: a kept-alive one would carry the next request here.
        if (phase !== 'serving') void reply.header('connection', 'close');
        done(null, payload);
      });
    },

    /** Runs phases 1 and 2: answers once nothing is in flight (or after timeoutMs, with what is still running). */
    async drain(timeoutMs: number): Promise<{ unanswered: number }> {
      if (phase !== 'serving') return { unanswered: inFlight };
      phase = 'draining';
      await sleep(options.delayMs);
      phase = 'refusing';
      if (inFlight > 0) {
        await Promise.race([new Promise<void>((done) => (idle = done)), sleep(timeoutMs)]);
        idle = null;
      }
      return { unanswered: inFlight };
    },
  };
}
export type Drain = ReturnType<typeof createDrain>;
