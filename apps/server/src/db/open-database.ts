import { mkdirSync } from 'node:fs';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';
import { actAsPgliteServerRole, grantServerRole } from './server-role.js';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite keeps its files in DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl !== undefined) return openPostgresDatabase(options.databaseUrl);
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  return openPgliteDatabase(options.dataDir);
}

/**
 * The server's database, migrated, and connected as the server's least-privilege role where there is
 * one (decision 0043):
 * - PGlite migrates as its one user, then acts as `khel_server` for the rest of the session;
 * - PostgreSQL with MIGRATION_DATABASE_URL migrates through that (the owner's) connection, grants
 *   DATABASE_URL's role what the server needs, closes it, and serves through DATABASE_URL;
 * - PostgreSQL without it migrates and serves as DATABASE_URL's role (then production refuses to start
 *   if that role could rewrite history: `serverRoleProblems`).
 */
export async function openServerDatabase(options: {
  databaseUrl?: string;
  migrationDatabaseUrl?: string;
  dataDir?: string;
}): Promise<Database> {
  const db = await openDatabase(options);
  if (db.kind === 'pglite') {
    await migrate(db);
    await actAsPgliteServerRole(db);
    return db;
  }
  if (options.migrationDatabaseUrl === undefined) {
    await migrate(db);
    return db;
  }
  const owner = openPostgresDatabase(options.migrationDatabaseUrl, { max: 2 });
  try {
    await migrate(owner);
    const role = await db.query<{ role: string }>('select current_user::text as role');
    await grantServerRole(owner, (role.rows[0] as { role: string }).role);
  } finally {
    await owner.close();
  }
  return db;
}
