/**
 * The statement cover's parts on small fixtures (apps/server/test/statement-cover.ts; docs/testing.md,
 * "Which server files run on both databases"): how statements are made alike, which are left out, when a
 * statement sent on PostgreSQL counts as uncovered, what the failure says, and the greedy choice of files.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseFiles,
  coverFailure,
  filesToAdd,
  normaliseStatement,
  normaliseStatements,
  uncoveredStatements,
} from '../apps/server/test/statement-cover.js';

const files = (entries: Record<string, string[]>): Map<string, Set<string>> =>
  new Map(Object.entries(entries).map(([file, statements]) => [file, new Set(statements)]));

describe('normaliseStatement', () => {
  it('makes statements alike but for their values, lists and layout one', () => {
    expect(normaliseStatement('select *\n  from users where id = $1 and name = $2 -- who\n')).toBe(
      'select * from users where id = $n and name = $n',
    );
    expect(normaliseStatement("SELECT * FROM users WHERE name = 'Ravi' AND age > 18 LIMIT 20;")).toBe(
      "select * from users where name = '?' and age > ? limit ?",
    );
    expect(normaliseStatement("select 'it''s', E'a\\nb'")).toBe("select '?', '?'");
    const rows = normaliseStatement('insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6)');
    expect(rows).toBe('insert into t (a, b) values (…)');
    expect(normaliseStatement('insert into t (a, b) values ($1, $2)')).toBe(rows);
    expect(normaliseStatement('select 1 from t where id in ($1, $2, $3)')).toBe(
      normaliseStatement('select 1 from t where id in ($1)'),
    );
    expect(normaliseStatement('select array[1, 2, 3]')).toBe('select array[…]');
  });

  it('keeps names and casts that hold digits', () => {
    expect(normaliseStatement('select a1, b.c2, $1::int8, x::numeric(12,2) from t3')).toBe(
      'select a1, b.c2, $n::int8, x::numeric(…) from t3',
    );
  });

  it('names the per-file database, roles and scratch tables by their kind', () => {
    expect(normaliseStatement('create table probe_f5efc362 (n int not null)')).toBe(
      'create table probe_* (n int not null)',
    );
    expect(normaliseStatement('alter database khel_tpl_0123456789abcdef with is_template true')).toBe(
      'alter database khel_tpl_* with is_template true',
    );
    expect(normaliseStatement('drop role if exists khel_owner_3fa5104b55')).toBe('drop role if exists khel_owner_*');
    expect(normaliseStatement('select facade_accessed from t_deadbeef')).toBe('select facade_accessed from t_deadbeef');
    expect(normaliseStatement('grant usage on schema public to "khel_server_0a1b2c3d4e5f"')).toBe(
      'grant usage on schema public to "khel_server"',
    );
    expect(normaliseStatement('grant usage on schema public to "khel_server"')).toBe(
      'grant usage on schema public to "khel_server"',
    );
  });

  it('leaves out transaction control, the PGlite session acting as the role, and the harness', () => {
    for (const sql of [
      'BEGIN',
      'commit',
      'ROLLBACK',
      'savepoint a',
      'release savepoint a',
      'rollback to savepoint a',
      'set role "khel_server"',
      'reset role',
      'select 1 from pg_roles where rolname = $1',
      'create database khel_test_0a1b2c3d4e5f template khel_tpl_0123456789abcdef',
      'drop database if exists khel_test_0a1b2c3d4e5f with (force)',
      "create role khel_server_0a1b2c3d4e5f login password 'secret'",
      'drop role if exists khel_server_0a1b2c3d4e5f',
      'select 1 from pg_database where datname = $1 and datistemplate',
      '  ',
    ])
      expect(normaliseStatement(sql), sql).toBeNull();
    expect(normaliseStatement('select begin_at from rounds')).toBe('select begin_at from rounds');
    expect(normaliseStatement('reset role; create table x (a int)')).toBe(normaliseStatement('create table x (a int)'));
  });

  it('answers a file’s distinct statements, sorted', () => {
    expect(normaliseStatements(['select $1', 'BEGIN', 'select $2', 'delete from t where id = $1'])).toEqual([
      'delete from t where id = $n',
      'select $n',
    ]);
  });
});

describe('uncoveredStatements', () => {
  const postgres = files({
    'a.test.ts': ['s1', 's2', 's3'],
    'b.test.ts': ['s2', 's4'],
    'only-pg.test.ts': ['s5', 's6'],
    'c.test.ts': ['s6'],
  });

  it('is empty when PGlite sent each statement sent on PostgreSQL, from any file', () => {
    const pglite = files({
      'b.test.ts': ['s2', 's4', 'pglite-only'],
      'a.test.ts': ['s1', 's3'],
      'c.test.ts': ['s5', 's6'],
    });
    expect(uncoveredStatements(postgres, pglite)).toEqual([]);
  });

  it('names each statement of a file not run on PGlite that no file sent there, with those files', () => {
    const pglite = files({ 'b.test.ts': ['s2', 's4'], 'only-pg.test.ts': [] });
    expect(uncoveredStatements(postgres, pglite)).toEqual([
      { statement: 's1', files: ['a.test.ts'] },
      { statement: 's3', files: ['a.test.ts'] },
      { statement: 's6', files: ['c.test.ts'] },
    ]);
  });

  it('asks nothing of PGlite for what only files run on both sent on PostgreSQL (their PostgreSQL-only tests)', () => {
    const pglite = files({ 'a.test.ts': ['s1', 's2'], 'b.test.ts': ['s4'], 'only-pg.test.ts': [], 'c.test.ts': [] });
    expect(uncoveredStatements(postgres, pglite)).toEqual([]);
    // The same statement sent by a file not run on PGlite is asked for.
    const dropped = files({ 'a.test.ts': ['s1', 's2'], 'b.test.ts': ['s4'], 'only-pg.test.ts': [] });
    expect(uncoveredStatements(postgres, dropped)).toEqual([{ statement: 's6', files: ['c.test.ts'] }]);
  });
});

describe('the failure', () => {
  it('names each uncovered statement, its files, and the files to add to the list', () => {
    const uncovered = [
      { statement: 'select a from t', files: ['src/a.test.ts', 'src/b.test.ts'] },
      { statement: 'select b from t', files: ['src/b.test.ts'] },
      { statement: 'select c from t', files: ['src/c.test.ts'] },
    ];
    const add = filesToAdd(
      uncovered,
      new Map([
        ['src/a.test.ts', 1000],
        ['src/b.test.ts', 1500],
        ['src/c.test.ts', 9000],
      ]),
    );
    expect(add).toEqual(['src/b.test.ts', 'src/c.test.ts']);
    expect(coverFailure(uncovered, add, 'apps/server/test/pglite-files.ts')).toBe(
      [
        'statement cover: 3 statements sent on PostgreSQL were sent on PGlite by no file:',
        '  select a from t',
        '    sent on PostgreSQL by src/a.test.ts, src/b.test.ts',
        '  select b from t',
        '    sent on PostgreSQL by src/b.test.ts',
        '  select c from t',
        '    sent on PostgreSQL by src/c.test.ts',
        'Add src/b.test.ts and src/c.test.ts to PGLITE_FILES in apps/server/test/pglite-files.ts (or choose the list again: docs/testing.md, "Which server files run on both databases").',
      ].join('\n'),
    );
  });
});

describe('chooseFiles', () => {
  const cost = new Map([
    ['always.test.ts', 1000],
    ['big-slow.test.ts', 10_000],
    ['small-fast.test.ts', 1000],
    ['last.test.ts', 1000],
    ['cheap.test.ts', 100],
    ['pg-only-path.test.ts', 3000],
  ]);

  it('takes the most answered statements per second first, from what the always-listed files leave', () => {
    const senders = new Map(
      Object.entries({
        s1: ['always.test.ts', 'big-slow.test.ts'],
        s2: ['big-slow.test.ts', 'small-fast.test.ts'],
        s3: ['big-slow.test.ts', 'small-fast.test.ts'],
        s4: ['big-slow.test.ts', 'last.test.ts'],
      }).map(([statement, list]) => [statement, new Set(list)]),
    );
    const covers = files({
      'always.test.ts': ['s1'],
      'big-slow.test.ts': ['s1', 's2', 's3', 's4'],
      'small-fast.test.ts': ['s2', 's3'],
      'last.test.ts': ['s4'],
      'cheap.test.ts': ['s1', 'other'],
    });
    expect(chooseFiles(senders, covers, cost, ['always.test.ts'])).toEqual({
      chosen: ['small-fast.test.ts', 'last.test.ts'],
      unanswered: [],
    });
  });

  it('answers a statement PGlite never sends by listing every file that sends it on PostgreSQL', () => {
    const senders = new Map([
      ['pg-only', new Set(['pg-only-path.test.ts', 'last.test.ts'])],
      ['s4', new Set(['last.test.ts'])],
    ]);
    const covers = files({ 'last.test.ts': ['s4'], 'pg-only-path.test.ts': [] });
    expect(chooseFiles(senders, covers, cost)).toEqual({
      chosen: ['last.test.ts', 'pg-only-path.test.ts'],
      unanswered: [],
    });
  });
});
