import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerStaticApps } from './static-apps.js';
import { acceptsEncoding, serveFilesFromMemory } from './static-files.js';

/** The built folders the tests made, removed after them. */
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function builtApp(): string {
  const root = mkdtempSync(join(tmpdir(), 'khel-static-'));
  roots.push(root);
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.vite'));
  const script = Buffer.from('console.log("khel");'.repeat(100));
  writeFileSync(join(root, 'assets', 'index-1.js'), script);
  writeFileSync(join(root, 'assets', 'index-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets', 'index-1.js.gz'), gzipSync(script));
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, 'index.html'), '<html></html>');
  writeFileSync(join(root, '.vite', 'manifest.json'), '{}');
  return root;
}

describe('built files served from memory (decision 0029)', () => {
  it('sends the precompressed file the client accepts, with its type, cache policy and ETag; 304 when unchanged', async () => {
    const app = Fastify();
    serveFilesFromMemory(app, builtApp(), '/', (path) =>
      path.includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    const br = await app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const gzip = await app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("khel");'.repeat(100));
    const again = await app.inject({
      url: '/assets/index-1.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers).toMatchObject({ 'content-type': 'image/svg+xml', 'cache-control': 'no-cache' });
    expect(icon.headers.vary).toBeUndefined();
    // index.html is rendered by the app (static-apps.ts); dotfiles stay private.
    expect((await app.inject({ url: '/index.html' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('serves a file without a hash again after a deploy replaces it (and drops a removed precompressed copy), without a restart', async () => {
    const root = builtApp();
    writeFileSync(join(root, 'sw.js'), 'self.version = 1;');
    writeFileSync(join(root, 'sw.js.br'), brotliCompressSync('self.version = 1;'));
    const app = Fastify();
    serveFilesFromMemory(app, root, '/', () => 'no-cache');
    const first = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    writeFileSync(join(root, 'sw.js'), 'self.version = 2;');
    rmSync(join(root, 'sw.js.br'));
    // The directory's watcher hears of it a moment later; every answer after that is the new file.
    await vi.waitFor(
      async () =>
        expect((await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } })).body).toBe(
          'self.version = 2;',
        ),
      { timeout: 20_000 },
    );
    const after = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(after.headers['content-encoding']).toBeUndefined();
    expect(after.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('reads Accept-Encoding with its q-values', () => {
    expect(acceptsEncoding('gzip, br', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('identity', 'br')).toBe(false);
  });
});

describe('built files read from disk in development (@fastify/static)', () => {
  it('sends the precompressed file with the same cache policy, and a changed index.html at once', async () => {
    const root = builtApp();
    const app = Fastify();
    await registerStaticApps(app, {
      webDir: root,
      backofficeDir: join(root, 'none'),
      houseCasinoDir: join(root, 'none'),
      rereadIndex: true,
    });
    const br = await app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    writeFileSync(join(root, 'index.html'), '<html>rebuilt</html>');
    const index = await app.inject({ url: '/some/client/route' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('rebuilt');
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    await app.close();
  });
});
