import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { buildWebManifest } from './web-manifest.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
});
afterAll(async () => t.close());

const manifest = async () => {
  const answer = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  return { answer, body: JSON.parse(answer.body) as ReturnType<typeof buildWebManifest> };
};

describe('the player app manifest (ADR 0024)', () => {
  it('carries the installability fields, the icons and the branding', async () => {
    const { answer, body } = await manifest();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/manifest+json');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(body).toMatchObject({
      name: 'Khel',
      short_name: 'Khel',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#f5a524',
    });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it("follows a director's branding change", async () => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const changed = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: director.token,
      body: { siteName: 'Khel Play Cricket', color: '#22AA88' },
    });
    expect(changed.body.meta.code).toBe(200);
    const { body } = await manifest();
    expect(body).toMatchObject({ name: 'Khel Play Cricket', short_name: 'Khel Play Cr', theme_color: '#22aa88' });
  });

  it('falls back to a usable name and colour', () => {
    expect(buildWebManifest({ siteName: '  ', color: 'red' })).toMatchObject({ name: 'Khel', theme_color: '#0f1720' });
  });
});
