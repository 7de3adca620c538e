import type { Database, Queryable } from './database.js';

/**
 * The server's least-privilege PostgreSQL role (issue 24, decision 0043). Migrations run as the owner
 * of the schema; the server itself connects as a role that reads and writes the product's tables but
 * can only read and add to its history: it cannot update, delete or truncate the journal or the audit
 * log, and, owning nothing, cannot alter a table or disable its triggers.
 */

/** Tables whose rows are the product's history: the server's role reads them and adds to them, nothing else. */
export const APPEND_ONLY_TABLES = ['journal_transactions', 'journal_entries', 'audit_log'] as const;

/** The role the embedded PGlite database switches to once migrated (a PGlite cluster is its data folder). */
export const PGLITE_SERVER_ROLE = 'khel_server';

/** A role name as an SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Gives `role` what the server needs and no more, on every table and sequence of the schema as it is
 * now (run by the owner after each migration run, so a new table is covered the day it appears):
 * select, insert, update and delete, except update and delete on the history tables and any change to
 * the migrations' own record. Never TRUNCATE, TRIGGER or REFERENCES. One transaction, so the role is
 * never seen with the broad grant before its history rights are taken back.
 */
export async function grantServerRole(owner: Database, role: string): Promise<void> {
  const r = quoteIdentifier(role);
  const history = APPEND_ONLY_TABLES.join(', ');
  await owner.transaction(async (tx) => {
    await tx.exec(`
      grant usage on schema public to ${r};
      revoke create on schema public from ${r};
      revoke truncate, trigger, references on all tables in schema public from ${r};
      grant select, insert, update, delete on all tables in schema public to ${r};
      revoke update, delete on ${history} from ${r};
      revoke insert, update, delete on schema_migrations from ${r};
      grant usage, select on all sequences in schema public to ${r};
    `);
  });
}

/** On PGlite (one session, the owner's): makes the server's role and acts as it from now on. */
export async function actAsPgliteServerRole(db: Database): Promise<void> {
  const role = quoteIdentifier(PGLITE_SERVER_ROLE);
  const exists = await db.query('select 1 from pg_roles where rolname = $1', [PGLITE_SERVER_ROLE]);
  if (exists.rowCount === 0) await db.exec(`create role ${role} nologin`);
  await grantServerRole(db, PGLITE_SERVER_ROLE);
  await db.exec(`set role ${role}`);
}

/**
 * What the connected role may do that the server's role must not, in words; empty when it is least
 * privileged. Production refuses to start unless it is empty (server.ts).
 */
export async function serverRoleProblems(db: Queryable): Promise<string[]> {
  const who = await db.query<{ role: string; superuser: boolean }>(
    'select current_user::text as role, rolsuper as superuser from pg_roles where rolname = current_user',
  );
  const { role, superuser } = who.rows[0] as { role: string; superuser: boolean };
  if (superuser) return [`the database role ${role} is a superuser`];
  const tables = await db.query<{ table: string; owns: boolean; changes: boolean }>(
    `select c.relname::text as table, pg_has_role(current_user, c.relowner, 'USAGE') as owns,
       has_table_privilege(current_user, c.oid, 'UPDATE') or has_table_privilege(current_user, c.oid, 'DELETE')
         or has_table_privilege(current_user, c.oid, 'TRUNCATE') as changes
     from pg_class c where c.relnamespace = 'public'::regnamespace and c.relname = any($1::text[]) order by c.relname`,
    [APPEND_ONLY_TABLES],
  );
  return tables.rows.flatMap((row) => [
    ...(row.owns ? [`the database role ${role} owns ${row.table} (it could disable its triggers)`] : []),
    ...(row.changes ? [`the database role ${role} may update, delete or truncate ${row.table}`] : []),
  ]);
}
