import type { Database } from './database.js';
import type { Migration } from './migrations/index.js';
import { MIGRATIONS } from './migrations/index.js';

/** Any fixed number: every process that migrates takes the same advisory lock, so only one runs them. */
const MIGRATION_LOCK_KEY = 72_413_901;

/**
 * Applies the migrations not yet recorded, each in its own transaction, in order. Safe to call from
 * several processes starting at once against one PostgreSQL server. `migrations` is the product's
 * list; tests of the migration machinery pass their own.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  // Looked up first: a role that may not create tables (the server's own, decision 0043) can still
  // confirm that an up-to-date database needs nothing.
  const known = await db.query<{ table: string | null }>("select to_regclass('schema_migrations')::text as table");
  if ((known.rows[0]?.table ?? null) === null) {
    await db.query(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
  }
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (done.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}
