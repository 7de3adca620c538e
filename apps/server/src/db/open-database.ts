import { mkdirSync } from 'node:fs';
import type { Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite keeps its files in DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl !== undefined) return openPostgresDatabase(options.databaseUrl);
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  return openPgliteDatabase(options.dataDir);
}
