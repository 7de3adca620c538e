/**
 * The rule of docs/testing.md, "run on both databases only what depends on the database": a server test
 * file runs on PGlite and on PostgreSQL when its runtime imports, followed through the repository, reach a
 * database driver; otherwise it is listed in apps/server/test/database-free-files.ts and runs once. This
 * fails when the list and the import graph disagree, so a file that starts using the database cannot stay
 * on the run-once list, and a list entry cannot go stale.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE_FILES } from '../apps/server/test/database-free-files.js';
import { DATABASE_LAYER_FILES, PGLITE_FILES, POSTGRES_ONLY_IN_PART } from '../apps/server/test/pglite-files.js';

const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'apps/server');
/** The drivers: whatever reaches one of these can open a database. */
const DRIVERS = ['pg', '@electric-sql/pglite'];

const { config } = ts.readConfigFile(join(SERVER, 'tsconfig.json'), ts.sys.readFile);
const options = ts.parseJsonConfigFileContent(config, ts.sys, SERVER).options;
const host = ts.createCompilerHost(options);
const cache = ts.createModuleResolutionCache(SERVER, (name) => name, options);

/**
 * The module names a file imports at run time: `import type` and `export type` are erased, so skipped.
 * (TypeScript's scanner finds the names; a full parse of the server's graph takes several times longer.)
 */
function runtimeImports(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter(({ pos }) => {
      const statement = text.slice(Math.max(text.lastIndexOf('import', pos), text.lastIndexOf('export', pos)), pos);
      return !/^(import|export)\s+type\b/.test(statement);
    })
    .map(({ fileName }) => fileName);
}

const isDriver = (name: string): boolean => DRIVERS.some((driver) => name === driver || name.startsWith(`${driver}/`));

const reaches = new Map<string, boolean>();
/** Whether a repository file's runtime imports reach a driver (the graph has no cycles: npm run lint checks). */
function reachesDriver(file: string): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  reaches.set(file, false);
  let found = false;
  for (const name of runtimeImports(readFileSync(file, 'utf8'))) {
    if (isDriver(name)) found = true;
    else {
      const target = ts.resolveModuleName(name, file, options, host, cache).resolvedModule?.resolvedFileName;
      if (target === undefined) continue;
      const real = realpathSync(target);
      if (real.startsWith(ROOT) && !real.includes('/node_modules/') && !real.endsWith('.d.ts'))
        found = reachesDriver(real);
    }
    if (found) break;
  }
  reaches.set(file, found);
  return found;
}

function serverTestFiles(): string[] {
  return readdirSync(join(SERVER, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => join('src', path))
    .sort();
}

describe('the server test files that run once', () => {
  it('are exactly those whose imports reach no database driver', () => {
    const free = serverTestFiles().filter((path) => !reachesDriver(realpathSync(join(SERVER, path))));
    expect([...DATABASE_FREE_FILES].sort()).toEqual(free);
  }, 60_000);

  it('are found by following imports that stay at run time', () => {
    const text = [
      "import type { Database } from './database.js';",
      "import { a, type B } from './a.js';",
      "export type { C } from './c.js';",
      "export * from './d.js';",
      "import './e.js';",
      "const f = await import('./f.js');",
    ].join('\n');
    expect(runtimeImports(text)).toEqual(['./a.js', './d.js', './e.js', './f.js']);

    expect(reachesDriver(realpathSync(join(SERVER, 'src/db/open-database.ts')))).toBe(true);
    expect(reachesDriver(realpathSync(join(SERVER, 'test/test-app.ts')))).toBe(true);
    expect(reachesDriver(realpathSync(join(SERVER, 'src/lib/second-approval.ts')))).toBe(false);
  });
});

describe('the server test files that run on PGlite', () => {
  const databaseFiles = (): string[] => serverTestFiles().filter((path) => !DATABASE_FREE_FILES.includes(path));

  it('are database files, each listed once', () => {
    const database = new Set(databaseFiles());
    expect(PGLITE_FILES.filter((path) => !database.has(path))).toEqual([]);
    expect(new Set(PGLITE_FILES).size).toBe(PGLITE_FILES.length);
  });

  it('include exactly the files that skip tests on PGlite by design (they read TEST_DB)', () => {
    const reading = databaseFiles().filter((path) => readFileSync(join(SERVER, path), 'utf8').includes('TEST_DB'));
    expect([...POSTGRES_ONLY_IN_PART].sort()).toEqual(reading);
  });

  it("include every database file of the database layer (src/db/), whose statements are its tests' own", () => {
    const layer = databaseFiles().filter((path) => path.startsWith('src/db/'));
    expect(layer.filter((path) => !PGLITE_FILES.includes(path))).toEqual([]);
    expect(DATABASE_LAYER_FILES.filter((path) => !layer.includes(path))).toEqual([]);
  });
});
