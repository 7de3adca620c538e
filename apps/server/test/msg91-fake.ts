import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for MSG91's v5 HTTP API, built from its published documentation (SOURCES: MSG91's
 * API reference at docs.msg91.com — "Send OTP", "Retry OTP", "Send SMS (Flow)" — and its help centre
 * article "Map SMS Content Template on MSG91 API/Panel"): the `authkey` header, the OTP call's
 * `template_id`, `mobile` and `otp` query parameters, Flow's `template_id` and `recipients`, and the
 * `{ type: "success" | "error" }` answers. It answers as MSG91 does for a wrong key or an unknown
 * template, and can fail the next calls with HTTP 500 (a provider outage) to exercise retries.
 */
export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export async function startMsg91Fake(options: { authKey: string; templates: string[] }) {
  const calls: FakeCall[] = [];
  let failNext = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = raw.length > 0 ? (JSON.parse(raw) as Record<string, unknown>) : null;
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
      });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (failNext > 0) {
        failNext -= 1;
        return answer(500, { type: 'error', message: 'Internal Server Error' });
      }
      if (request.headers.authkey !== options.authKey)
        return answer(401, { type: 'error', message: 'AuthenticationFailure' });
      const mobile = url.searchParams.get('mobile') ?? '';
      if (request.method === 'POST' && url.pathname === '/api/v5/otp') {
        if (!options.templates.includes(url.searchParams.get('template_id') ?? ''))
          return answer(200, { type: 'error', message: 'Invalid template id' });
        if (!/^\d{10,13}$/.test(mobile)) return answer(200, { type: 'error', message: 'Mobile no. not found' });
        if (!/^\d{4,9}$/.test(url.searchParams.get('otp') ?? ''))
          return answer(200, { type: 'error', message: 'Invalid OTP' });
        return answer(200, { type: 'success', request_id: randomBytes(12).toString('hex') });
      }
      if (request.method === 'GET' && url.pathname === '/api/v5/otp/retry') {
        if (!['voice', 'text'].includes(url.searchParams.get('retrytype') ?? ''))
          return answer(200, { type: 'error', message: 'Invalid retrytype' });
        return answer(200, { type: 'success', message: 'retry send successfully' });
      }
      if (request.method === 'POST' && url.pathname === '/api/v5/flow') {
        const flow = body as { template_id?: string; recipients?: { mobiles?: string }[] } | null;
        if (!options.templates.includes(flow?.template_id ?? ''))
          return answer(200, { type: 'error', message: 'Invalid template id' });
        if (!Array.isArray(flow?.recipients) || flow.recipients.some((r) => !/^\d{10,13}$/.test(r.mobiles ?? '')))
          return answer(200, { type: 'error', message: 'Mobile no. not found' });
        return answer(200, { type: 'success', message: randomBytes(12).toString('hex') });
      }
      return answer(404, { type: 'error', message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNextCalls(count: number) {
      failNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
