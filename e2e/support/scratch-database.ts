import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { clonePostgresTemplate } from '../../apps/server/test/template-database.js';

/** The PostgreSQL server the multi-process tests share, and the Redis their processes talk through. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one test file on the shared server: created before (a copy of the migrated
 * template, so the processes find their migrations applied), dropped (even with open connections) after.
 */
export function scratchDatabase(prefix: string): { url: URL; create: () => Promise<void>; drop: () => Promise<void> } {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url,
    create: async () => {
      await clonePostgresTemplate(ADMIN_URL, name);
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
