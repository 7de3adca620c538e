import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * Link tags that start a route's page chunk (and the chunks it imports, and its CSS) with the entry
 * script instead of after it (ADR 0024). Reads Vite's build manifest: the player app's pages are
 * `src/app/routes/<name>.tsx`, `/` being `home`. Without a manifest it adds nothing.
 */
export function routePreloads(webDir: string): (path: string) => string {
  const manifestPath = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryFiles = new Set<string>();
  const collectEntry = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const next of chunk.imports ?? []) collectEntry(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectEntry(key);

  const cache = new Map<string, string>();
  return (path) => {
    const name = path === '/' ? 'home' : path.slice(1);
    if (!/^[a-z-]+$/.test(name)) return '';
    const cached = cache.get(name);
    if (cached !== undefined) return cached;
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (chunk === undefined || entryFiles.has(chunk.file) || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(`src/app/routes/${name}.tsx`);
    const tags = [
      ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('');
    cache.set(name, tags);
    return tags;
  };
}
