// The player app's initial JavaScript: the entry script of dist/index.html and every chunk it imports
// statically (what the browser must fetch before the first screen runs), gzip-compressed.
// Usage: node apps/web/scripts/initial-size.mjs [distDir]   (after `npm run build -w apps/web`). The test
// src/initial-js-budget.test.ts runs the same measurement on a fresh build and fails over budget.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 120 * 1024;

/** Static `import … from "./x.js"` / `import "./x.js"` specifiers of a minified chunk (not `import()`). */
function staticImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

/** Every file of the initial graph with its gzip size, entry first. */
export function initialJs(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new Error(`no module script in ${distDir}/index.html`);
  const seen = new Map();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const code = readFileSync(join(distDir, file));
    seen.set(file, gzipSync(code, { level: 9 }).length);
    for (const spec of staticImports(code.toString('utf8'))) queue.push(posix.join(posix.dirname(file), spec));
  }
  const files = [...seen].map(([file, gzipBytes]) => ({ file, gzipBytes }));
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
  const { files, totalGzipBytes } = initialJs(dist);
  for (const f of files) console.log(`${(f.gzipBytes / 1024).toFixed(2).padStart(8)} KB  ${f.file}`);
  console.log(
    `${(totalGzipBytes / 1024).toFixed(2).padStart(8)} KB  initial JavaScript (gzip), budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB`,
  );
  if (totalGzipBytes > INITIAL_JS_BUDGET_BYTES) process.exitCode = 1;
}
