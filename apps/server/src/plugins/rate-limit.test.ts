import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { call, createTestApp } from '../../test/test-app.js';

/** The machine's Redis (or TEST_REDIS_URL): two app instances stand for two server processes. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limit shared between processes through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL,
      RATE_LIMIT_PER_MINUTE: '6',
      RATE_LIMIT_NAMESPACE: `khel-test-${randomBytes(4).toString('hex')}-`,
    };
    first = await createTestApp(env);
    second = await createTestApp(env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts one client against one window across both processes, with HTTP 429 past it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = i % 2 === 0 ? first.app : second.app;
      statuses.push((await call(app, 'GET', '/api/v1/app-settings', { ip: '198.51.100.7' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await call(first.app, 'GET', '/api/v1/app-settings', { ip: '198.51.100.7' });
    expect(limited.body).toMatchObject({ meta: { code: 429, error: 'RATE_LIMITED' } });
    const other = await call(second.app, 'GET', '/api/v1/app-settings', { ip: '198.51.100.8' });
    expect(other.status).toBe(200);
  });
});

describe('rate limit without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => t.close());

  it('limits per IP in the process and leaves the web app alone', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await call(t.app, 'GET', '/api/health', { ip: '198.51.100.9' })).raw);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    // The limit's headers on the refusal only (decision 0029): every answer under it stays small.
    expect(answers[0]?.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(answers[3]?.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
