// Prints the gzip size of the JavaScript a first visit must download: the entry script of
// dist/index.html and every chunk it preloads (route pages, loaded later, are not counted).
// Budget: 170 KB gzip. Run after `vite build`: node scripts/initial-size.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_BYTES = 170 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  initial JS (gzip), budget ${BUDGET_BYTES / 1024} KB`);
if (total > BUDGET_BYTES) {
  console.error('Over budget');
  process.exit(1);
}
