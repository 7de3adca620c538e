import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Banner } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { variantSrcset } from './image-variants.js';

let t: TestApp;
let banner: Banner;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
  const director = await createOperator(t, ROLES.DIRECTOR);
  // A 1200×400 photo-like PNG as an operator would upload it.
  const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#0f766e' } })
    .composite([
      { input: Buffer.from('<svg width="1200" height="400"><circle cx="900" cy="200" r="150" fill="#fde68a"/></svg>') },
    ])
    .png()
    .toBuffer();
  const created = await call(t.app, 'POST', '/api/v1/backoffice/banners', {
    token: director.token,
    body: { baseImage: `data:image/png;base64,${png.toString('base64')}`, order: 9 },
  });
  banner = created.body.data as Banner;
});
afterAll(async () => t.close());

describe('banners in modern formats with width descriptors (ADR 0031)', () => {
  it('describes a raster banner with its size and AVIF and WebP srcsets', () => {
    expect(banner.image).toEqual({
      width: 1200,
      height: 400,
      avifSrcset: `${banner.baseImage}?w=360&format=avif 360w, ${banner.baseImage}?w=640&format=avif 640w, ${banner.baseImage}?w=960&format=avif 960w, ${banner.baseImage}?w=1280&format=avif 1200w`,
      webpSrcset: expect.stringContaining(`${banner.baseImage}?w=640&format=webp 640w`),
    });
  });

  it('serves a variant resized to the width asked, in the format asked, immutable and inert', async () => {
    for (const format of ['avif', 'webp'] as const) {
      const answer = await t.app.inject({ method: 'GET', url: `${banner.baseImage}?w=640&format=${format}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(`image/${format}`);
      expect(answer.headers['cache-control']).toContain('immutable');
      expect(answer.headers['content-security-policy']).toContain('sandbox');
      const meta = await sharp(answer.rawPayload).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
      expect([meta.width, meta.height]).toEqual([640, 213]);
    }
    const original = await t.app.inject({ method: 'GET', url: banner.baseImage });
    const small = await t.app.inject({ method: 'GET', url: `${banner.baseImage}?w=640&format=avif` });
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
  });

  it('never enlarges: the widest variant of a 1200-pixel image is 1200 pixels', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `${banner.baseImage}?w=1600&format=webp` });
    expect((await sharp(answer.rawPayload).metadata()).width).toBe(1200);
  });

  it('keeps vector banners (the demo SVGs) as they are, with their size for width and height', async () => {
    const banners = (await call(t.app, 'GET', '/api/v1/advertisement')).body.data as Banner[];
    const svg = banners.find((item) => item.order === 1);
    expect(svg?.image).toEqual({ width: 1200, height: 400, avifSrcset: null, webpSrcset: null });
    const answer = await t.app.inject({ method: 'GET', url: `${svg?.baseImage}?w=640&format=avif` });
    expect(answer.headers['content-type']).toBe('image/svg+xml');
  });

  it('refuses other widths and formats in the envelope (no 500, no encode per arbitrary width)', async () => {
    for (const query of ['w=641', 'w=abc', 'format=gif', 'w=-1']) {
      const answer = await call(t.app, 'GET', `${banner.baseImage}?${query}`);
      expect(answer.body.meta, query).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    }
  });

  it('lists only widths below the image, then the image itself', () => {
    expect(variantSrcset('/i', 500, 'webp')).toBe('/i?w=360&format=webp 360w, /i?w=640&format=webp 500w');
    expect(variantSrcset('/i', 300, 'avif')).toBe('/i?w=360&format=avif 300w');
    expect(variantSrcset('/i', 4000, 'avif')).toContain('/i?w=1600&format=avif 1600w');
  });
});
