import type { FastifyInstance } from 'fastify';

/**
 * How a built-in partner (the house provider, the Hub88 simulator, our Hub88 client talking to it)
 * reaches an HTTP API: over real HTTP once the server listens, through Fastify's inject before (tests,
 * start-up): the same pipeline without a socket.
 */
export interface HttpTransport {
  post(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string; headers: Record<string, string> }>;
}

export function fetchTransport(baseUrl: string, timeoutMs = 10_000): HttpTransport {
  return {
    async post(path, body, headers) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) };
    },
  };
}

export function injectTransport(app: FastifyInstance, prefix = ''): HttpTransport {
  return {
    async post(path, body, headers) {
      const answer = await app.inject({ method: 'POST', url: `${prefix}${path}`, payload: body, headers });
      const flat = Object.fromEntries(
        Object.entries(answer.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : String(value),
        ]),
      );
      return { status: answer.statusCode, body: answer.body, headers: flat };
    },
  };
}

/** The loopback URL of a listening server (0.0.0.0 and :: are reached on the loopback interface). */
export function loopbackUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
