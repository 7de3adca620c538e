import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** The product's security headers policy, as helmet options (one place: the app and its test use it). */
export const SECURITY_HEADERS_POLICY: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // External casino providers (configured, not coded in) serve their game frames and thumbnails
      // from their own HTTPS origins.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // 'self' covers the page's own /ws over ws: or wss: (CSP Level 3); a bare `ws:`/`wss:` would let an
      // injected script talk to any host.
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for a policy, worked out once: helmet runs on a throwaway instance at boot
 * and its answer's headers are kept. With no CSP nonces and no per-route options (the product uses
 * neither) helmet's answer is the same for every request, so computing it per request (parsing the
 * CSP directives, eleven middlewares, a setHeader and a removeHeader each) was pure cost: about a tenth
 * of a cached API call's CPU (decision 0029, docs/benchmarks.md "HTTP path").
 */
export function helmetHeaderBlock(
  policy: FastifyHelmetOptions = SECURITY_HEADERS_POLICY,
): Promise<Readonly<Record<string, string>>> {
  // Once per process for a policy: every app built in it (tests build many) shares the answer.
  let block = blocks.get(policy);
  if (block === undefined) {
    block = computeHeaderBlock(policy);
    blocks.set(policy, block);
  }
  return block;
}

const blocks = new WeakMap<FastifyHelmetOptions, Promise<Readonly<Record<string, string>>>>();

async function computeHeaderBlock(policy: FastifyHelmetOptions): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, { ...policy, global: true });
  probe.get('/', (_request, reply) => {
    // helmet wrote on the raw response in its onRequest hook; nothing else has written yet.
    void reply.send(reply.raw.getHeaders());
  });
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = JSON.parse(answer.body) as Record<string, string | string[] | number>;
  return Object.freeze(
    Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    ),
  );
}

/**
 * Every answer gets the security headers and its request id in one callback hook before routing's
 * handlers run (as helmet's own onRequest hook did), so a route can still replace one (an image's
 * sandboxing CSP) and an error or a 404 carries them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, block: Readonly<Record<string, string>>): void {
  const names = Object.keys(block);
  const values = names.map((name) => block[name] as string);
  app.addHook('onRequest', (request, reply, done) => {
    for (let i = 0; i < names.length; i += 1) void reply.header(names[i] as string, values[i]);
    void reply.header('x-request-id', request.id);
    done();
  });
}
