import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { POSTGRES_ADMIN_URL, call, createOperator, createTestApp, signUpPlayer } from '../../test/test-app.js';
import { openServerDatabase } from './open-database.js';
import { openPostgresDatabase } from './postgres-database.js';
import { APPEND_ONLY_TABLES, serverRoleProblems } from './server-role.js';

/**
 * Issue 24, "The database protects its own history" (decision 0043): the server's role adds to the
 * journal and the audit log but cannot change, remove or empty them, nor turn their triggers off. The
 * harness connects every server test as that role; here its refusals are proven one by one.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // History to protect: a player's welcome chips (journal) and an operator's change (audit log).
  const director = await createOperator(t);
  const player = await signUpPlayer(t);
  await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
    token: director.token,
    body: { allowHome: false },
  });
});
afterAll(async () => t.close());

const REFUSED = /permission denied|must be owner|append-only/;
const rows = async (table: string) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;

describe("the server's role adds to history and cannot rewrite it", () => {
  it.each(APPEND_ONLY_TABLES)('has rows in %s, written by the server itself', async (table) => {
    expect(await rows(table)).toBeGreaterThan(0);
  });

  it.each(
    APPEND_ONLY_TABLES.flatMap((table) => [
      [table, `truncate ${table} cascade`],
      [table, `update ${table} set created_at = created_at`],
      [table, `delete from ${table}`],
      [table, `alter table ${table} disable trigger all`],
      [table, `alter table ${table} disable trigger user`],
      [table, `drop table ${table} cascade`],
    ]),
  )('refuses on %s: %s', async (table, sql) => {
    const before = await rows(table);
    await expect(t.db.query(sql)).rejects.toThrow(REFUSED);
    expect(await rows(table)).toBe(before);
  });

  it('cannot turn every trigger off for its session, nor drop the trigger that refuses a change', async () => {
    await expect(t.db.query('set session_replication_role = replica')).rejects.toThrow(/permission denied/);
    await expect(t.db.query('drop trigger journal_entries_append_only on journal_entries')).rejects.toThrow(REFUSED);
    await expect(t.db.query('drop function refuse_change() cascade')).rejects.toThrow(REFUSED);
  });

  it('is no superuser, owns none of it and may not change it: no problem to refuse a start for', async () => {
    expect(await serverRoleProblems(t.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)('cannot become another role', async () => {
    await expect(t.db.query('set role postgres')).rejects.toThrow(/permission denied/);
  });
});

describe.skipIf(!onPostgres)('a server started with MIGRATION_DATABASE_URL (PostgreSQL)', () => {
  // The two roles of the README, with names of this run's own (roles are cluster-wide).
  const tag = randomBytes(5).toString('hex');
  const name = `khel_roles_${tag}`;
  const ownerRole = `khel_owner_${tag}`;
  const serverRole = `khel_server_${tag}`;
  const password = randomBytes(12).toString('hex');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const urlAs = (user: string) => {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    url.username = user;
    url.password = password;
    return url.toString();
  };
  beforeAll(async () => {
    await admin(`create role ${ownerRole} login password '${password}'`);
    await admin(`create role ${serverRole} login password '${password}'`);
    await admin(`create database ${name} owner ${ownerRole}`);
  });
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`drop role if exists ${serverRole}`);
    await admin(`drop role if exists ${ownerRole}`);
  });

  it('migrates as the owner, then serves as the least-privilege role, which cannot empty or rewrite the journal', async () => {
    const start = () => openServerDatabase({ databaseUrl: urlAs(serverRole), migrationDatabaseUrl: urlAs(ownerRole) });
    const db = await start();
    try {
      expect((await db.query<{ who: string }>('select current_user::text as who')).rows[0]?.who).toBe(serverRole);
      expect(await serverRoleProblems(db)).toEqual([]);
      await expect(db.query('truncate journal_entries cascade')).rejects.toThrow(/permission denied/);
      await expect(db.query('update audit_log set action = action')).rejects.toThrow(/permission denied/);
      await expect(db.query('alter table audit_log disable trigger all')).rejects.toThrow(/must be owner/);
      await expect(db.query(`set role ${ownerRole}`)).rejects.toThrow(/permission denied/);
      // It still does its work: it reads, and it adds to the audit log.
      expect((await db.query('select 1 from schema_migrations limit 1')).rowCount).toBe(1);
      await db.query(`insert into audit_log (action, target_type) values ('probe', 'test')`);
    } finally {
      await db.close();
    }
    // Started again: nothing to migrate, the grants given again.
    await (await start()).close();
  });

  it('names what is wrong when the server connects as the owner: production refuses to start so', async () => {
    const owner = openPostgresDatabase(urlAs(ownerRole), { max: 1 });
    try {
      const problems = await serverRoleProblems(owner);
      expect(problems).toContain(`the database role ${ownerRole} owns journal_entries (it could disable its triggers)`);
      expect(problems).toContain(`the database role ${ownerRole} may update, delete or truncate audit_log`);
    } finally {
      await owner.close();
    }
  });
});
