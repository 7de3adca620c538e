import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePostgresTemplate, pgliteTemplateFile } from '../../apps/server/test/template-database.js';
import type { E2eRun } from './harness.js';
import { ROOT, bootProduct } from './harness.js';
import { ADMIN_URL } from './scratch-database.js';
import { startSharedPool } from './shared-pool.js';

/**
 * Before the browser test files start in parallel, once for the run (decision 0076):
 * - the template databases: the migrated PGlite data folder, and the PostgreSQL template the
 *   multi-process tests clone;
 * - the Hub88 keys every product is given (ours and the built-in simulator's), instead of two RSA
 *   generations in every product's boot;
 * - the seeded template: the built product started once on a copy of the migrated folder, its demo
 *   data seeded by its own boot, stopped gracefully and packed, so a product starts from the demo data
 *   instead of seeding it (ten accounts' password hashes, branding, banners, agents' money, bonus offers);
 * - the pool that lends the files shared products (decision 0078), which starts them when a file first
 *   asks and stops them at the run's end.
 * Everything lives in a folder of this run, removed at its end: the seeded data holds this run's times
 * and this build's behaviour, so no other run may reuse it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await pgliteTemplateFile();
  await ensurePostgresTemplate(ADMIN_URL);

  const runDir = mkdtempSync(join(tmpdir(), 'khel-e2e-run-'));
  const hub88Keys = { operator: join(runDir, 'hub88-operator.pem'), simulator: join(runDir, 'hub88-simulator.pem') };
  for (const path of Object.values(hub88Keys)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  }
  const run: E2eRun = { hub88Keys, demoTemplate: null, pool: '' };
  // Without a build there is nothing to seed with; every browser file then fails on the missing build.
  if (existsSync(join(ROOT, 'apps/server/dist/server.js'))) run.demoTemplate = await seededTemplate(runDir, run);
  // The products and the Chromium the files share (decision 0078), started when a file first asks.
  const pool = await startSharedPool(run);
  run.pool = pool.url;
  project.provide('khelE2eRun', run);
  return async () => {
    await pool.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}

async function seededTemplate(runDir: string, run: E2eRun): Promise<string> {
  const dataDir = join(runDir, 'seeded');
  mkdirSync(dataDir);
  // No demo feed: its fixtures are each product's own, made at its boot as before.
  const product = await bootProduct({ dataDir }, run, 300_000);
  await product.stop(); // a graceful stop: PGlite closes its files whole
  if (product.process.exitCode !== 0) throw new Error(`the seeding product stopped badly:\n${product.output()}`);
  const tarball = join(runDir, 'seeded.tar');
  execFileSync('tar', ['-cf', tarball, '-C', dataDir, '.']);
  rmSync(dataDir, { recursive: true, force: true });
  return tarball;
}
