import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProduct } from './support/harness.js';
import { api, startProduct } from './support/harness.js';

/**
 * The product as a process: the start-up banner, the health check, the docs, both apps on one port.
 * From an empty data folder, as on a first install (the other browser tests start from the template).
 */
describe('the product process', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    // As a first `npm start`: an empty folder, the demo feed on.
    product = await startProduct({ firstInstall: true, env: { DEMO_FEED: 'true' } });
  });
  afterAll(async () => product.stop());

  it('prints the URL and how to log in', () => {
    expect(product.output()).toMatch(/Player app: +http:\/\/localhost:\d+\//);
    expect(product.output()).toContain('Demo player:   mobile 9999900001 (India +91), password demo-player-1');
  });

  it('serves health, OpenAPI, the player app and the back office', async () => {
    const health = await fetch(`${product.baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const docs = (await (await fetch(`${product.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/api/v1/signUp', '/api/v1/verify-otp', '/api/v1/getUserData']),
    );
    for (const path of ['/', '/slots', '/backoffice/', '/backoffice/users']) {
      const page = await fetch(`${product.baseUrl}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
    const missing = await fetch(`${product.baseUrl}/api/v1/nothing-here`);
    expect(missing.status).toBe(404);
  });

  it('sends the built assets precompressed and cached for a year', async () => {
    const html = await (await fetch(`${product.baseUrl}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${product.baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('logs the demo player in', async () => {
    const login = await api(product.baseUrl, 'POST', '/api/v1/login', {
      body: { mobile_no: '919999900001', password: 'demo-player-1' },
    });
    expect(login.meta.code).toBe(200);
    expect(login.data).toMatchObject({ balance: 10000 });
  });

  it('stops gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((done) => product.process.once('exit', (code) => done(code)));
    product.process.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
