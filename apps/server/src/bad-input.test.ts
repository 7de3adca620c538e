import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../test/test-app.js';

/**
 * Every route the OpenAPI document lists gets hostile input, as a visitor, a player and a director.
 * Whatever the input, the answer is the envelope or a transport status, never a 500.
 */
let t: TestApp;
let tokens: (string | undefined)[];
let routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const player = await signUpPlayer(t);
  const director = await createOperator(t, ROLES.DIRECTOR);
  tokens = [undefined, player.token, director.token];
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => method.toUpperCase())
      .filter((method): method is 'GET' | 'POST' | 'PUT' | 'DELETE' =>
        ['GET', 'POST', 'PUT', 'DELETE'].includes(method),
      )
      .map((method) => ({ method, path })),
  );
});
afterAll(async () => t.close());

const ALLOWED_STATUSES = [200, 401, 404, 413, 415, 429];

const hostileBodies: unknown[] = [
  undefined,
  null,
  [],
  'text',
  42,
  {},
  { mobile_no: 919876543210, password: ['x'], otp: { $gt: '' }, name: null },
  { mobile_no: '919876543210', otp: '12345', password: 'a'.repeat(10_000), confirmPassword: 'b' },
  { __proto__: { admin: true }, constructor: { prototype: { role: 1 } } },
  { role: 1, suspended: 'yes', allowHome: 'true', order: -1, baseImage: 'data:text/html;base64,PHNjcmlwdD4=' },
  { selectedWallet: 2, amount: '1e309', user_id: { a: 1 } },
];

const hostilePaths = (path: string) => [
  path.replace(/\{id\}/g, '00000000-0000-0000-0000-000000000000'),
  path.replace(/\{id\}/g, 'not-a-uuid'),
  path.replace(/\{id\}/g, "1'%20or%20'1'='1"),
];

describe('hostile input on every route', () => {
  it('lists the routes of the contract', () => {
    expect(routes.length).toBeGreaterThan(15);
  });

  it('never answers 500 to hostile bodies, ids and queries', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const path of hostilePaths(route.path)) {
        for (const token of tokens) {
          const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : hostileBodies;
          for (const body of bodies) {
            const query = route.method === 'GET' ? '?page=-1&pageSize=abc&mobile_no[]=1&search=%00&role=x' : '';
            const answer = await call(t.app, route.method, `${path}${query}`, { body, token });
            if (!ALLOWED_STATUSES.includes(answer.status))
              failures.push(`${route.method} ${path} ${JSON.stringify(body)} → ${answer.status}`);
            // Answers in another protocol's shape by design: the load balancer's probes (decision 0041) and
            // Hub88's Wallet API, whose every answer carries its own `status` (decision 0046).
            const exempt =
              route.path === '/api/health' ||
              route.path.startsWith('/api/health/') ||
              (route.path.startsWith('/api/v1/hub88/') &&
                typeof (answer.body as { status?: unknown }).status === 'string') ||
              route.path.startsWith('/api/docs') ||
              answer.raw.headers['content-type']?.toString().startsWith('image/');
            if (answer.status === 200 && typeof answer.body.meta?.code !== 'number' && exempt !== true) {
              failures.push(`${route.method} ${path} → 200 without an envelope`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 413 to an oversized body and 415 to a non-JSON one', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signUp',
      payload: JSON.stringify({ name: 'x'.repeat(8 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      message: 'The request is too large',
      meta: { code: 413, error: 'PAYLOAD_TOO_LARGE' },
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: 'mobile_no=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ meta: { code: 415, error: 'UNSUPPORTED_MEDIA_TYPE' } });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: '{"mobile_no":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ meta: { code: 400, error: 'VALIDATION_FAILED' } });
  });

  it('tags every answer with a request id', async () => {
    const answer = await call(t.app, 'GET', '/api/health');
    expect(answer.raw.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(echoed.raw.headers['x-request-id']).toBe('trace-abc-123');
  });
});
