import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { openPostgresDatabase } from '../../db/postgres-database.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { books, exposureMismatches } from '../../../test/books.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { newMarket } from '../../../test/two-processes.js';
import type { ThrowawayCluster, ThrowawayServer } from '../../../test/throwaway-cluster.js';
import { createArchivingCluster, runAsServerUser, startServer } from '../../../test/throwaway-cluster.js';

/**
 * Issue 29 "Keep it", point-in-time recovery: a cluster of the test's own archives its WAL as
 * docs/operations.md says; scripts/backup/base-backup.sh takes a base backup; bets are placed (the
 * first known transaction), the time is noted, more bets are placed (the second); then
 * scripts/backup/pitr-restore.sh restores the base backup and the archive to the noted time into a
 * new data directory. The copy holds the first transaction (which it can only have from the archived
 * WAL, being newer than the base backup) and not the second, with exactly the books the original had
 * at that time and every journal invariant. Needs PostgreSQL's server binaries (initdb, pg_ctl).
 */
const SCRIPTS = resolve(import.meta.dirname, '../../../../../scripts/backup');

let cluster: ThrowawayCluster | null = null;
let restoredServer: ThrowawayServer | null = null;
let restored: Database | null = null;
let t: TestApp | null = null;

afterAll(async () => {
  await t?.close();
  await restored?.close();
  await cluster?.destroy(restoredServer === null ? [] : [restoredServer]);
});

async function placeBet(
  app: TestApp,
  token: string,
  market: { id: string; runners: string[] },
  side: 'back' | 'lay',
  odds: number,
  stake: number,
) {
  const answer = await call(app.app, 'POST', '/api/v1/place-bet', {
    token,
    body: { marketId: market.id, selectionId: market.runners[0], selectionType: side, odds, stake },
  });
  expect(answer.body.meta).toMatchObject({ code: 200 });
  return (answer.body.data as { _id: string })._id;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('point-in-time recovery (base backup + WAL archive)', () => {
  it('restores to a moment between two known transactions: the first is there, the second is not', async () => {
    cluster = await createArchivingCluster();
    const admin = openPostgresDatabase(cluster.server.url(), { max: 1 });
    await admin.query('create database khel');
    await admin.close();
    const url = cluster.server.url('khel');
    const db = openPostgresDatabase(url, { max: 10 });
    await migrate(db);
    const app = await createTestApp({}, { db, url, asOwner: (sql) => db.exec(sql), drop: () => db.close() });
    t = app;
    const director = await createOperator(app);
    const market = await newMarket(app, director.token);
    const backer = await signUpPlayer(app);
    const layer = await signUpPlayer(app);

    const base = await runAsServerUser(join(SCRIPTS, 'base-backup.sh'), [
      cluster.server.url(),
      join(cluster.root, 'backups'),
    ]);
    const baseDir = base.stdout.trim();

    // The first known transaction(s): a matched pair and an unmatched remainder, after the base backup.
    const first = [
      await placeBet(app, backer.token, market, 'back', 2, 500),
      await placeBet(app, layer.token, market, 'lay', 2, 300),
    ];
    const booksAtTarget = await books(db);
    const target = (await db.query<{ at: string }>('select clock_timestamp()::text as at')).rows[0]?.at as string;
    await new Promise((done) => setTimeout(done, 50));
    // The second: more bets and money moved, after the target.
    const second = [
      await placeBet(app, layer.token, market, 'lay', 2, 200),
      await placeBet(app, backer.token, market, 'back', 3, 100),
    ];
    expect(await books(db)).not.toEqual(booksAtTarget);

    // Close the WAL segment holding the second transaction and wait until it is archived.
    const segment = (await db.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name')).rows[0]
      ?.name as string;
    await db.query('select pg_switch_wal()');
    await expect
      .poll(
        async () =>
          (await db.query<{ last: string | null }>('select last_archived_wal as last from pg_stat_archiver')).rows[0]
            ?.last ?? '',
        { timeout: 60_000, interval: 200 },
      )
      .toSatisfy((last: string) => last >= segment);

    const dataDir = join(cluster.root, 'restored');
    const restore = await runAsServerUser(join(SCRIPTS, 'pitr-restore.sh'), [
      baseDir,
      cluster.archiveDir,
      dataDir,
      target,
    ]);
    expect(restore.stdout).toContain('is ready');
    restoredServer = await startServer(dataDir, cluster.root);
    const copy = openPostgresDatabase(restoredServer.url('khel'), { max: 2 });
    restored = copy;
    // pg_ctl answers once the copy accepts connections; it replays to the target, then promotes.
    await expect
      .poll(
        async () =>
          (await copy.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering')).rows[0]?.recovering,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(false);
    const log = readFileSync(join(cluster.root, `server-${restoredServer.port}.log`), 'utf8');
    expect(log).toContain('recovery stopping before commit of transaction');

    const present = await copy.query<{ id: string }>('select id from bets where id = any($1::uuid[]) order by id', [
      [...first, ...second],
    ]);
    expect(present.rows.map((row) => row.id).sort()).toEqual([...first].sort());
    expect(await books(copy)).toEqual(booksAtTarget);
    expect(await ledgerViolations(copy)).toEqual([]);
    expect(await exposureMismatches(copy)).toEqual([]);
    // The copy does not archive into the original's archive (a rehearsal must not fork its timeline).
    const archiving = await copy.query<{ setting: string }>(
      "select setting from pg_settings where name = 'archive_mode'",
    );
    expect(archiving.rows[0]?.setting).toBe('off');
  }, 240_000);
});
