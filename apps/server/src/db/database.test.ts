import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-app.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import { openPgliteDatabase } from './pglite-database.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

describe('database driver', () => {
  it('counts rows the same way on both drivers', async () => {
    await t.asOwner('create table count_probe (n int)');
    await t.db.exec('insert into count_probe values (1), (2), (3)');
    expect((await t.db.query('select n from count_probe')).rowCount).toBe(3);
    expect((await t.db.query('select n from count_probe where n > 5')).rowCount).toBe(0);
    expect((await t.db.query('update count_probe set n = n + 1 where n < 3')).rowCount).toBe(2);
    expect((await t.db.query('delete from count_probe where n = 3 returning n')).rowCount).toBe(2);
  });

  it('returns bigint as exact numbers and refuses what JavaScript cannot hold', async () => {
    expect((await t.db.query<{ v: number }>('select 900719925474099::bigint as v')).rows[0]?.v).toBe(
      900_719_925_474_099,
    );
    await expect(t.db.query('select 9223372036854775807::bigint as v')).rejects.toThrow(/safe integer/);
  });

  it('rolls a failed transaction back', async () => {
    await t.asOwner('create table rollback_probe (n int primary key)');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('insert into rollback_probe values (1)');
        await tx.query('insert into rollback_probe values (1)');
      }),
    ).rejects.toThrow();
    expect((await t.db.query('select * from rollback_probe')).rowCount).toBe(0);
  });

  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const applied = await t.db.query<{ id: string }>('select id from schema_migrations order by id');
    expect(applied.rows.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
  });
});

describe('embedded database on disk', () => {
  it('keeps data across a restart and does not re-run migrations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'khel-pglite-'));
    try {
      const first = await openPgliteDatabase(dir);
      expect((await migrate(first)).length).toBe(MIGRATIONS.length);
      await first.query(`insert into server_secrets (name, value) values ('probe', 'kept')`);
      await first.close();
      const second = await openPgliteDatabase(dir);
      expect(await migrate(second)).toEqual([]);
      expect(
        (await second.query<{ value: string }>(`select value from server_secrets where name = 'probe'`)).rows[0]?.value,
      ).toBe('kept');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
