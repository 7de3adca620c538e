import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../scripts/initial-size.mjs';

/**
 * A size budget, not a timing test (ADR 0024): the JavaScript a phone must download before the first
 * screen runs (entry script and its static imports, gzip) stays within 120 KB. Builds the app afresh
 * into a temporary directory so a stale dist cannot pass, except under `npm test`, which has just built
 * apps/web/dist from this tree (it says so with KHEL_FRESH_BUILD=1): the check builds once.
 */
const fresh = process.env.KHEL_FRESH_BUILD === '1';
const outDir = fresh ? join(import.meta.dirname, '../dist') : mkdtempSync(join(tmpdir(), 'khel-web-budget-'));
afterAll(() => {
  if (!fresh) rmSync(outDir, { recursive: true, force: true });
});

function build(): void {
  // A separate process with NODE_ENV=production: the test runner's NODE_ENV=test would build React's
  // development bundle.
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'pipe',
  });
}

describe('initial JavaScript budget', () => {
  it('stays within 120 KB gzip, with zod off the first load', { timeout: 180_000 }, () => {
    if (!fresh) build();
    const { files, totalGzipBytes } = initialJs(outDir);
    const report = files.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
    expect(totalGzipBytes, `initial JS ${(totalGzipBytes / 1024).toFixed(1)} KB gzip: ${report}`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
    expect(files.map((f) => f.file).join(' ')).not.toMatch(/zod|schemas/);
  });
});
