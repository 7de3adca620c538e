// A scratch PostgreSQL database for a benchmark that runs the product in production mode. Production
// refuses a superuser (decision 0043), so the product connects as a login role made for this database,
// while its migrations run as the admin URL's role (MIGRATION_DATABASE_URL), which grants that role
// what it needs. `env` is what the product's process takes; `drop()` removes the database and the role.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  /** The admin's URL of the new database (migrations, the bench's own reads). */
  adminUrl: string;
  /** DATABASE_URL and MIGRATION_DATABASE_URL for the product's process. */
  env: { DATABASE_URL: string; MIGRATION_DATABASE_URL: string };
  drop(): Promise<void>;
}

export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const role = `${name}_server`;
  const password = randomBytes(12).toString('hex');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    await admin.query(`create role ${role} login password '${password}'`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const serverUrl = new URL(databaseUrl);
  serverUrl.username = role;
  serverUrl.password = password;
  return {
    name,
    adminUrl: databaseUrl.toString(),
    env: { DATABASE_URL: serverUrl.toString(), MIGRATION_DATABASE_URL: databaseUrl.toString() },
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.query(`drop role if exists ${role}`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
