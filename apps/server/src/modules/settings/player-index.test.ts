import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloads } from '../../plugins/route-preloads.js';
import { BOOT_DATA_ID, renderPlayerIndex } from './player-index.js';

const HTML = '<html><head><title>Sports exchange</title></head><body><div id="root"></div></body></html>';
const settings = {
  siteName: 'Khel <Play>',
  logoImg: '/logo.svg',
  faviconImg: '/favicon.svg',
  color: '#f5a524',
  moneyMode: 'play' as const,
  currency: 'INR' as const,
  helpWhatsapp: null,
  helpPhone: null,
};
const banners = [
  { _id: 'b2', baseImage: '/api/v1/media/two', order: 2 },
  { _id: 'b1', baseImage: '/api/v1/media/one', order: 1 },
];

describe('the player index with its first screen inside (ADR 0024)', () => {
  it('inlines branding and banners as a JSON data block the CSP need not allow, safely escaped', () => {
    const html = renderPlayerIndex(HTML, '/login', {
      settings: { ...settings, siteName: 'Khel</script><script>alert(1)' },
      banners,
    });
    const block =
      new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`).exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual({
      settings: { ...settings, siteName: 'Khel</script><script>alert(1)' },
      banners,
    });
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it('names the page after the site and preloads the first banner on Home', () => {
    const html = renderPlayerIndex(HTML, '/', { settings, banners });
    expect(html).toContain('<title>Khel &#60;Play&#62;</title>');
    expect(html).toContain('<link rel="preload" as="image" href="/api/v1/media/one" fetchpriority="high" />');
  });

  it('preloads the AVIF variant the screen will pick when the first banner has them (ADR 0031)', () => {
    const image = {
      width: 1200,
      height: 400,
      avifSrcset: '/api/v1/media/one?w=360&format=avif 360w, /api/v1/media/one?w=1280&format=avif 1200w',
      webpSrcset: null,
    };
    const html = renderPlayerIndex(HTML, '/', { settings, banners: [{ ...banners[1]!, image }, banners[0]!] });
    expect(html).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/api/v1/media/one?w=360&#38;format=avif 360w, /api/v1/media/one?w=1280&#38;format=avif 1200w" imagesizes="(min-width: 1232px) 1200px, 100vw" fetchpriority="high" />',
    );
  });
});

describe('route preloads from the build manifest', () => {
  it("preloads the requested page's chunks and CSS, not the entry's, and nothing without a manifest", () => {
    const dir = mkdtempSync(join(tmpdir(), 'khel-manifest-'));
    try {
      expect(routePreloads(dir)('/login')).toBe('');
      mkdirSync(join(dir, '.vite'));
      writeFileSync(
        join(dir, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework.js'] },
          '_framework.js': { file: 'assets/framework-1.js' },
          'src/app/routes/home.tsx': {
            file: 'assets/home-1.js',
            imports: ['_framework.js', '_sports.js'],
            css: ['assets/home-1.css'],
          },
          '_sports.js': { file: 'assets/sports-1.js' },
        }),
      );
      const preloads = routePreloads(dir);
      expect(preloads('/')).toBe(
        '<link rel="stylesheet" crossorigin href="/assets/home-1.css"><link rel="modulepreload" crossorigin href="/assets/home-1.js"><link rel="modulepreload" crossorigin href="/assets/sports-1.js">',
      );
      expect(preloads('/unknown')).toBe('');
      expect(preloads('/../etc')).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
