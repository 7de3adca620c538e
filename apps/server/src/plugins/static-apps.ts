import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HttpError } from '../lib/http-error.js';
import { routePreloads } from './route-preloads.js';
import { serveFilesFromMemory } from './static-files.js';

export interface StaticApps {
  webDir: string;
  backofficeDir: string;
  houseCasinoDir: string;
  /** Development: read index.html per request so a rebuild shows without a restart. */
  rereadIndex?: boolean;
  /** Fills the player app's index.html for a request path (its first screen's data, ADR 0024). */
  renderWebIndex?: (html: string, path: string) => Promise<string>;
}

/**
 * Serves the built player app at / and the back office at /backoffice/ from the same port as the API.
 * Hashed assets are cached for a year; index.html never, so a deploy reaches players at once.
 * Unknown paths under an app fall back to its index.html (client-side routes); under /api they are 404.
 */
export async function registerStaticApps(app: FastifyInstance, dirs: StaticApps): Promise<void> {
  const indexes = new Map<string, () => string>();
  const mount = async (root: string, prefix: string, decorateReply: boolean) => {
    const indexPath = join(root, 'index.html');
    if (!existsSync(indexPath)) return;
    const cached = readFileSync(indexPath, 'utf8');
    indexes.set(prefix, dirs.rereadIndex === true ? () => readFileSync(indexPath, 'utf8') : () => cached);
    const cacheControlOf = (path: string) =>
      /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (dirs.rereadIndex !== true) {
      // Served from memory (decision 0029); in development from disk, so a rebuild shows without a restart.
      serveFilesFromMemory(app, root, prefix, cacheControlOf);
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our policy alone: without this, send's own max-age=0 overwrites what setHeaders sets.
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', cacheControlOf(path));
      },
    });
  };
  await mount(dirs.backofficeDir, '/backoffice/', true);
  await mount(dirs.houseCasinoDir, '/house-casino/', false);
  await mount(dirs.webDir, '/', false);

  const webRoutePreloads = routePreloads(dirs.webDir);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      throw new HttpError(404, 'ROUTE_NOT_FOUND');
    }
    const prefix = path.startsWith('/backoffice')
      ? '/backoffice/'
      : path.startsWith('/house-casino')
        ? '/house-casino/'
        : '/';
    const file = indexes.get(prefix)?.();
    if (file === undefined) throw new HttpError(404, 'ROUTE_NOT_FOUND', 'The web app is not built: run npm run build');
    const filled = prefix === '/' && dirs.renderWebIndex ? await dirs.renderWebIndex(file, path) : file;
    // The page chunk of the route asked for starts with the entry script (ADR 0024).
    const html = prefix === '/' ? filled.replace('</head>', `${webRoutePreloads(path)}</head>`) : filled;
    return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
