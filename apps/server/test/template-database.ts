import { createHash, randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

/** A session advisory lock's key (a bigint, as text) from hex digits: the first 15, so it stays positive. */
function advisoryLockId(hex: string): string {
  return BigInt(`0x${hex.slice(0, 15)}`).toString();
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
    const lock = advisoryLockId(key);
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
  const tablespace = await testTablespace(adminUrl);
  // PostgreSQL 15's default strategy (WAL_LOG) copies a small database faster than FILE_COPY, which checkpoints.
  await withAdmin(adminUrl, (admin) =>
    admin.query(
      `create database ${name} template ${template}${tablespace === null ? '' : ` tablespace ${tablespace}`}`,
    ),
  );
  return databaseUrl(adminUrl, name);
}

/** The tablespace the test files' databases are made in, and the tmpfs folder it lives in. */
const TEST_TABLESPACE = 'khel_tests';
const TEST_TABLESPACE_DIR = '/dev/shm/khel-postgres-tests';
const testTablespaces = new Map<string, Promise<string | null>>();

/**
 * Where the test files' databases go on the server of `adminUrl`: a tablespace on this machine's tmpfs
 * (`/dev/shm`), or null for the server's default one. Each test file makes a database of about 300 files
 * and drops it; on this machine's root file system (ext4 without a journal), once many files were deleted in
 * the last minutes, every new file costs the kernel a scan past the recently freed inodes: a CREATE and DROP
 * DATABASE took 0.4–0.6 CPU-s of kernel time, against 0.035 CPU-s on tmpfs (docs/testing.md, 1 December).
 * Only for a server on this machine whose data folder's owner can be given the folder (the run is root);
 * otherwise, or if anything of it fails, the default tablespace, as before. A tablespace whose folder is gone
 * (tmpfs is emptied at a reboot) is dropped with the test databases left in it and made again. The same
 * template is copied either way; only where the copy's files live differs.
 */
function testTablespace(adminUrl: string): Promise<string | null> {
  let found = testTablespaces.get(adminUrl);
  if (found === undefined) {
    found = withAdmin(adminUrl, (admin) => ensureTestTablespace(admin, new URL(adminUrl).hostname)).catch(() => null);
    testTablespaces.set(adminUrl, found);
  }
  return found;
}

async function ensureTestTablespace(admin: pg.Client, host: string): Promise<string | null> {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host) || !existsSync('/dev/shm')) return null;
  // One run at a time decides (the lock is the template builder's kind: a session advisory lock).
  const lock = advisoryLockId(createHash('sha256').update(TEST_TABLESPACE).digest('hex'));
  await admin.query('select pg_advisory_lock($1)', [lock]);
  try {
    const existing = await admin.query<{ oid: number; location: string }>(
      'select oid, pg_tablespace_location(oid) as location from pg_tablespace where spcname = $1',
      [TEST_TABLESPACE],
    );
    const row = existing.rows[0];
    if (row !== undefined && existsSync(row.location)) return TEST_TABLESPACE;
    if (row !== undefined) {
      const left = await admin.query<{ datname: string }>('select datname from pg_database where dattablespace = $1', [
        row.oid,
      ]);
      for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.query(`drop tablespace ${TEST_TABLESPACE}`);
    }
    const dataDirectory = (await admin.query<{ data_directory: string }>('show data_directory')).rows[0]
      ?.data_directory;
    if (dataDirectory === undefined) return null;
    const owner = statSync(dataDirectory);
    // A folder left by a dropped tablespace is empty again (DROP TABLESPACE empties it) and is taken as it is.
    const made = !existsSync(TEST_TABLESPACE_DIR);
    if (made) mkdirSync(TEST_TABLESPACE_DIR, { mode: 0o700 });
    try {
      chownSync(TEST_TABLESPACE_DIR, owner.uid, owner.gid);
      await admin.query(`create tablespace ${TEST_TABLESPACE} location '${TEST_TABLESPACE_DIR}'`);
    } catch (error) {
      if (made) rmdirSync(TEST_TABLESPACE_DIR);
      throw error;
    }
    return TEST_TABLESPACE;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [lock]);
  }
}
