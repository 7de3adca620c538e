import type { FastifyPluginAsync } from 'fastify';
import type { AppSettings } from '@khel/contract';
import type { SettingsService } from './settings-service.js';

/** The player app's dark background (apps/web index.html), shown on the splash screen while it starts. */
const BACKGROUND = '#0f1720';
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The player app's web app manifest (ADR 0024), rendered from the operator's branding so the installed
 * app carries the site's name and brand colour; the icons are the app's own PNGs (192/512 and a
 * maskable 512) because an uploaded logo may be any size or format.
 */
export function buildWebManifest(settings: Pick<AppSettings, 'siteName' | 'color'>) {
  const name = settings.siteName.trim() === '' ? 'Khel' : settings.siteName.trim();
  return {
    id: '/',
    name,
    short_name: name.length > 12 ? name.slice(0, 12) : name,
    description: 'Sports exchange, live casino and slots',
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND,
    theme_color: HEX_COLOUR.test(settings.color) ? settings.color : BACKGROUND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** GET /manifest.webmanifest: public, revalidated on every load like the branding it comes from. */
export function webManifestRoutes(settings: SettingsService): FastifyPluginAsync {
  return async (app) => {
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
      const manifest = buildWebManifest(await settings.appSettings());
      return reply
        .header('Content-Type', 'application/manifest+json; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(JSON.stringify(manifest));
    });
  };
}
