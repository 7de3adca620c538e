import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The built apps' file types; anything else is sent as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

interface StaticFile {
  contentType: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Whether the client takes this content coding (`br`, `gzip`), q-values honoured. */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (header === undefined) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  void reply
    .header('Content-Type', file.contentType)
    .header('Cache-Control', file.cacheControl)
    .header('ETag', file.etag);
  if (file.br !== null || file.gzip !== null) void reply.header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const accept = request.headers['accept-encoding'];
  if (file.br !== null && acceptsEncoding(accept, 'br')) return reply.header('Content-Encoding', 'br').send(file.br);
  if (file.gzip !== null && acceptsEncoding(accept, 'gzip'))
    return reply.header('Content-Encoding', 'gzip').send(file.gzip);
  return reply.send(file.identity);
}

/**
 * The built files of one app, read into memory at boot and served from there (decision 0029): a static
 * answer costs a map lookup and a write, not a stat, a file stream and a content negotiation on disk
 * per request (@fastify/static answered the favicon at 0.14× a bare route). The precompressed .br/.gz
 * beside a file (scripts/precompress.mjs) go to clients that accept them. index.html is not served
 * here (static-apps.ts renders it). A rebuild needs a restart; development re-reads from disk instead.
 */
export function serveFilesFromMemory(
  app: FastifyInstance,
  root: string,
  prefix: string,
  cacheControlOf: (path: string) => string,
): number {
  const paths = new Set(walk(root));
  // One watcher per directory with a file that can change; each file hears about itself and its .br/.gz.
  const watchers = new Map<string, { watcher: FSWatcher | null; listeners: Map<string, () => void> }>();
  const watchFile = (path: string, onChange: () => void): boolean => {
    const dir = dirname(path);
    let entry = watchers.get(dir);
    if (entry === undefined) {
      let watcher: FSWatcher | null = null;
      try {
        watcher = watch(dir, { persistent: false }, (_event, name) => {
          const base = name === null ? null : String(name).replace(/\.(br|gz)$/, '');
          for (const [file, listener] of entry?.listeners ?? []) if (base === null || base === file) listener();
        });
        watcher.on('error', () => undefined);
      } catch {
        watcher = null;
      }
      entry = { watcher, listeners: new Map() };
      watchers.set(dir, entry);
    }
    if (entry.watcher === null) return false;
    entry.listeners.set(basename(path), onChange);
    return true;
  };
  app.addHook('onClose', (_app, done) => {
    for (const { watcher } of watchers.values()) watcher?.close();
    done();
  });
  let count = 0;
  for (const path of paths) {
    const segments = relative(root, path).split(sep);
    // Like @fastify/static: no dotfiles (the bundler's .vite/manifest.json stays private).
    if (
      path.endsWith('.br') ||
      path.endsWith('.gz') ||
      segments.join('/') === 'index.html' ||
      segments.some((segment) => segment.startsWith('.'))
    )
      continue;
    const load = (): StaticFile => {
      const identity = readFileSync(path);
      return {
        contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: cacheControlOf(path),
        etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
        identity,
        br: existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : null,
        gzip: existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`) : null,
      };
    };
    let file = load();
    // Hashed assets never change; a file without a hash (sw.js, the manifest) is re-read when a deploy
    // replaces it, so an update reaches players without a restart. The directory is watched (inotify),
    // so an answer costs no stat; where watching is refused, each answer stats the file as before.
    let stale = false;
    let mtime = statSync(path).mtimeMs;
    const reload = () => {
      const now = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
      if (now === undefined) return;
      file = load();
      mtime = now;
    };
    const watched = !file.cacheControl.includes('immutable') && watchFile(path, () => (stale = true));
    const fresh = file.cacheControl.includes('immutable')
      ? () => file
      : watched
        ? () => {
            if (stale) {
              stale = false;
              reload();
            }
            return file;
          }
        : () => {
            if (statSync(path, { throwIfNoEntry: false })?.mtimeMs !== mtime) reload();
            return file;
          };
    const url = `${prefix}${segments.map(encodeURIComponent).join('/')}`;
    app.get(url, { schema: { hide: true } }, (request, reply) => send(request, reply, fresh()));
    count += 1;
  }
  return count;
}
