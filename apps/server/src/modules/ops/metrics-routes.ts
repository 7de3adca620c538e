import { BlockList, isIP } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * METRICS_ALLOW as a BlockList: addresses, CIDRs, or `loopback` (127.0.0.0/8 and ::1). Node's own
 * matcher: IPv4 and IPv6, prefixes checked. An IPv4-mapped IPv6 peer is matched as its IPv4 address.
 */
export function metricsAllowList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (raw) => {
    const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * GET /metrics in Prometheus's text format, only to the configured addresses (the client address as
 * TRUST_PROXY decides it: through a trusted load balancer, the caller behind it, so the public never
 * reads it through the balancer). Anyone else: HTTP 403 with the transport body.
 */
export function metricsRoutes(metrics: Metrics, allowed: (address: string) => boolean): FastifyPluginAsync {
  return async (app) => {
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      if (!allowed(request.ip)) {
        const message = 'Metrics are served only to the configured addresses';
        return reply.status(403).send({ message, meta: { code: 403, message, error: 'FORBIDDEN' } });
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    });
  };
}
