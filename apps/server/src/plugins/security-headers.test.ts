import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import type { TestApp } from '../../test/test-app.js';
import { call, createTestApp } from '../../test/test-app.js';
import { SECURITY_HEADERS_POLICY, helmetHeaderBlock } from './security-headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** What @fastify/helmet itself sends per request with the product's policy: the reference. */
async function helmetPerRequest(): Promise<Record<string, string>> {
  const app = Fastify({ logger: false });
  await app.register(helmet, SECURITY_HEADERS_POLICY);
  app.get('/', async () => 'ok');
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

describe('security headers computed once (decision 0029)', () => {
  it('are exactly the headers helmet sends per request with the same policy', async () => {
    const reference = await helmetPerRequest();
    expect(Object.keys(reference).length).toBeGreaterThanOrEqual(10);
    expect(await helmetHeaderBlock()).toEqual(reference);
    expect(reference['content-security-policy']).toContain("frame-src 'self' https:");
    expect(reference['x-content-type-options']).toBe('nosniff');
  });

  it("lets pages connect only to their own origin: connect-src 'self', no ws: or wss: to any host", async () => {
    const answer = await call(t.app, 'GET', '/api/v1/app-settings');
    const directives = String(answer.raw.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim());
    expect(directives.filter((directive) => directive.startsWith('connect-src'))).toEqual(["connect-src 'self'"]);
  });

  it('are on every kind of answer: a call, a refusal, a validation failure, an unknown route, a rate-limited call', async () => {
    const reference = await helmetPerRequest();
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const answers = [
        (await call(t.app, 'GET', '/api/v1/app-settings')).raw,
        (await call(t.app, 'GET', '/api/v1/getUserData')).raw,
        (await call(t.app, 'POST', '/api/v1/login', { body: { mobile_no: 12 } })).raw,
        (await call(t.app, 'GET', '/api/v1/no-such-route')).raw,
        (await call(limited.app, 'GET', '/api/health', { ip: '198.51.100.20' })).raw,
        (await call(limited.app, 'GET', '/api/health', { ip: '198.51.100.20' })).raw,
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 404, 200, 429]);
      for (const answer of answers) {
        for (const [name, value] of Object.entries(reference))
          expect([name, answer.headers[name]]).toEqual([name, value]);
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await limited.close();
    }
  });

  it('lets a route replace one: an image answers its own sandboxing policy', async () => {
    const settings = (await call(t.app, 'GET', '/api/v1/app-settings')).body.data as { logoImg: string };
    expect(settings.logoImg).toBe('/logo.svg');
    const banner = await t.services.settings.storeTrustedImage(
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/media/${banner}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(image.headers['strict-transport-security']).toBe((await helmetPerRequest())['strict-transport-security']);
  });
});
