import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import type { Migration } from '../src/db/migrations/index.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { createPglite, pgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';

/*
 * Migrate once, clone per test file (docs/testing.md). A fresh database costs initdb plus every
 * migration: seconds of CPU per file, twice per run. Instead the first run after a migration changes
 * builds a template, and every test file starts from a copy of it:
 * - PostgreSQL: a template database `khel_tpl_<key>`, cloned with CREATE DATABASE … TEMPLATE;
 * - PGlite: a saved data directory (`dumpDataDir` tarball) in the machine's temp folder, loaded with
 *   `loadDataDir`, which also skips PGlite's initdb.
 * The key hashes every migration's id and SQL (and PGlite's version for its data files), so a changed
 * or new migration makes a new template, and test runs of other branches on the same machine keep
 * theirs. Templates are never dropped by a run: another run may be cloning one at that moment.
 */

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** The PostgreSQL server of this machine (or TEST_DATABASE_URL): each test file gets its own database on it. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Where saved PGlite data directories live: shared by every worktree of this machine, keyed by content. */
export const PGLITE_TEMPLATE_DIR = join(tmpdir(), 'khel-test-templates');

/** 16 hex digits naming what a template holds: the migrations, in order, and what else its files depend on. */
export function templateKey(migrations: readonly Migration[], salt: string): string {
  const hash = createHash('sha256').update(salt);
  for (const migration of migrations) hash.update(`\0${migration.id}\0${migration.sql}`);
  return hash.digest('hex').slice(0, 16);
}

/** The file that holds (or will hold) the saved data directory for these migrations. */
export function pgliteTemplatePath(migrations: readonly Migration[], directory = PGLITE_TEMPLATE_DIR): string {
  return join(directory, `pglite-${templateKey(migrations, `pglite ${PGLITE_VERSION}`)}.tar`);
}

const pgliteTemplates = new Map<string, Promise<Blob>>();

/**
 * The migrated PGlite data directory as a tarball for `loadDataDir`. Built when missing, written to a
 * temporary name and renamed into place, so a reader sees a whole file or none; two runs building at
 * once write the same bytes and the second rename wins harmlessly.
 */
export function pgliteTemplate(
  migrations: readonly Migration[] = MIGRATIONS,
  directory = PGLITE_TEMPLATE_DIR,
): Promise<Blob> {
  const path = pgliteTemplatePath(migrations, directory);
  let template = pgliteTemplates.get(path);
  if (template === undefined) {
    template = readOrBuildPgliteTemplate(path, migrations);
    pgliteTemplates.set(path, template);
  }
  return template;
}

async function readOrBuildPgliteTemplate(path: string, migrations: readonly Migration[]): Promise<Blob> {
  try {
    return new Blob([readFileSync(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pglite = await createPglite(undefined);
  try {
    await migrate(pgliteDatabase(pglite), migrations);
    const tarball = await pglite.dumpDataDir('none');
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, path);
    return tarball;
  } finally {
    await pglite.close();
  }
}

/** The saved data directory's tarball on disk (built when missing), e.g. to unpack as a server's DATA_DIR. */
export async function pgliteTemplateFile(
  migrations: readonly Migration[] = MIGRATIONS,
  directory = PGLITE_TEMPLATE_DIR,
): Promise<string> {
  await pgliteTemplate(migrations, directory);
  return pgliteTemplatePath(migrations, directory);
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function isTemplate(admin: pg.Client, name: string): Promise<boolean> {
  const found = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
  return (found.rowCount ?? 0) > 0;
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The name of the migrated template database on the server of `adminUrl`, built when missing. One
 * builder at a time (a session advisory lock on the key; every run connects to the same admin
 * database, where the lock lives). A template is marked as one only once fully migrated, and refuses
 * connections, so nothing can hold it open and block a clone; a half-built one left by a killed run
 * is not a template yet, and the next builder drops and rebuilds it.
 */
export function ensurePostgresTemplate(
  adminUrl: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string> {
  const key = templateKey(migrations, 'postgres');
  const name = `khel_tpl_${key}`;
  return withAdmin(adminUrl, async (admin) => {
    if (await isTemplate(admin, name)) return name;
    const lock = BigInt(`0x${key.slice(0, 15)}`).toString();
    await admin.query('select pg_advisory_lock($1)', [lock]);
    try {
      if (await isTemplate(admin, name)) return name;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const db = openPostgresDatabase(databaseUrl(adminUrl, name), { max: 1 });
      try {
        await migrate(db, migrations);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [lock]);
    }
  });
}

/** A new database `name`, a copy of the migrated template; answers its URL. */
export async function clonePostgresTemplate(
  adminUrl: string,
  name: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string> {
  const template = await ensurePostgresTemplate(adminUrl, migrations);
  // PostgreSQL 15's default strategy (WAL_LOG) copies a small database faster than FILE_COPY, which checkpoints.
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  return databaseUrl(adminUrl, name);
}
