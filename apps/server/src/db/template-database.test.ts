import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clonePostgresTemplate,
  pgliteTemplate,
  pgliteTemplatePath,
  POSTGRES_ADMIN_URL,
  templateKey,
} from '../../test/template-database.js';
import type { Migration } from './migrations/index.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

// Migrations of this file only (a random table name), so its templates are its own to build and drop.
const table = `probe_${randomBytes(4).toString('hex')}`;
const migrations: Migration[] = [
  { id: 'probe-1', sql: `create table ${table} (n int not null)` },
  { id: 'probe-2', sql: `insert into ${table} values (7)` },
];

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('template key', () => {
  it('names the migrations: a changed, added or reordered migration, or another salt, makes another template', () => {
    const key = templateKey(migrations, 'postgres');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(templateKey([...migrations], 'postgres')).toBe(key);
    expect(
      templateKey([migrations[0]!, { ...migrations[1]!, sql: `${migrations[1]!.sql}, (8)` }], 'postgres'),
    ).not.toBe(key);
    expect(templateKey([...migrations, { id: 'probe-3', sql: 'select 1' }], 'postgres')).not.toBe(key);
    expect(templateKey([migrations[1]!, migrations[0]!], 'postgres')).not.toBe(key);
    expect(templateKey(migrations, 'pglite 0.5.16')).not.toBe(key);
  });
});

describe('PostgreSQL template', () => {
  const template = `khel_tpl_${templateKey(migrations, 'postgres')}`;
  const clones: string[] = [];
  afterAll(() =>
    admin(async (client) => {
      for (const name of clones) await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`alter database ${template} is_template false`).catch(() => undefined);
      await client.query(`drop database if exists ${template} with (force)`);
    }),
  );

  it('is built once when several runs clone at the same moment, after a killed run left a half-built one', async () => {
    // A run killed mid-build leaves a database with the template's name that is not marked a template.
    await admin((client) => client.query(`create database ${template}`));
    const names = Array.from({ length: 4 }, () => `khel_test_${randomBytes(6).toString('hex')}`);
    clones.push(...names);
    const urls = await Promise.all(names.map((name) => clonePostgresTemplate(POSTGRES_ADMIN_URL, name, migrations)));

    for (const url of urls) {
      const db = openPostgresDatabase(url, { max: 1 });
      try {
        expect((await db.query<{ n: number }>(`select n from ${table}`)).rows).toEqual([{ n: 7 }]);
        expect((await db.query<{ id: string }>('select id from schema_migrations order by id')).rows).toEqual([
          { id: 'probe-1' },
          { id: 'probe-2' },
        ]);
        await db.query(`insert into ${table} values (8)`);
      } finally {
        await db.close();
      }
    }
    const marked = await admin((client) =>
      client.query<{ datallowconn: boolean }>(
        'select datallowconn from pg_database where datname = $1 and datistemplate',
        [template],
      ),
    );
    expect(marked.rows).toEqual([{ datallowconn: false }]);

    // Each clone is a copy: the rows the others wrote are not in a new one.
    const later = `khel_test_${randomBytes(6).toString('hex')}`;
    clones.push(later);
    const db = openPostgresDatabase(await clonePostgresTemplate(POSTGRES_ADMIN_URL, later, migrations), { max: 1 });
    try {
      expect((await db.query(`select n from ${table}`)).rowCount).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('PGlite template', () => {
  const directory = mkdtempSync(join(tmpdir(), 'khel-template-test-'));
  let tarball: Blob;
  // Building runs initdb, the slow part a template saves: in the hook, under the hook's longer timeout.
  beforeAll(async () => {
    tarball = await pgliteTemplate(migrations, directory);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("saves the migrated data directory once, under the migrations' key, and starts each database from it", async () => {
    const path = pgliteTemplatePath(migrations, directory);
    expect(readdirSync(directory)).toEqual([basename(path)]);
    expect(path).not.toBe(pgliteTemplatePath([...migrations, { id: 'probe-3', sql: 'select 1' }], directory));
    expect(statSync(path).size).toBe(tarball.size);
    expect(await pgliteTemplate(migrations, directory)).toBe(tarball);
    for (let run = 0; run < 2; run += 1) {
      const db = await openPgliteDatabase(undefined, { loadDataDir: tarball });
      try {
        expect((await db.query<{ n: number }>(`select n from ${table}`)).rows).toEqual([{ n: 7 }]);
        await db.query(`insert into ${table} values (8)`);
      } finally {
        await db.close();
      }
    }
  });
});
