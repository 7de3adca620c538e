import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { openPostgresDatabase } from '../../db/postgres-database.js';
import type { TestApp } from '../../../test/test-app.js';
import { POSTGRES_ADMIN_URL, call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { books, exposureMismatches } from '../../../test/books.js';
import { seedDemoData } from '../demo/demo-seed.js';

/**
 * Issue 29 "Keep it": scripts/backup/dump.sh takes a dump of a busy database (bets being placed and
 * matched, deposits requested and approved, all at once), scripts/backup/restore.sh restores it into a
 * new database, and every journal invariant, balance and open position holds there; a dump taken once
 * the load stopped restores to exactly the same books. Needs a PostgreSQL server and its client tools.
 */
const run = promisify(execFile);
const SCRIPTS = resolve(import.meta.dirname, '../../../../../scripts/backup');

let t: TestApp;
const restored: { name: string; db: ReturnType<typeof openPostgresDatabase> }[] = [];
const dir = mkdtempSync(join(tmpdir(), 'khel-backup-'));

async function restore(dump: string) {
  const name = `khel_restored_${randomBytes(5).toString('hex')}`;
  const target = new URL(POSTGRES_ADMIN_URL);
  target.pathname = `/${name}`;
  const { stdout } = await run(join(SCRIPTS, 'restore.sh'), [dump, target.toString()]);
  expect(stdout).toContain(`into ${name}`);
  const db = openPostgresDatabase(target.toString(), { max: 2 });
  restored.push({ name, db });
  return db;
}

async function dump(): Promise<string> {
  const { stdout } = await run(join(SCRIPTS, 'dump.sh'), [t.databaseUrl as string, dir]);
  return stdout.trim();
}

beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  t = await createTestApp();
  // The demo's receiving accounts, which the deposits below are paid into.
  await seedDemoData(t.services);
});
afterAll(async () => {
  for (const { name, db } of restored) {
    await db.close();
    const admin = openPostgresDatabase(POSTGRES_ADMIN_URL, { max: 1 });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('backups (pg_dump, restore into a new database)', () => {
  it('restores a dump of a busy database with every journal invariant, balance and open position', async () => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const post = async (url: string, body: unknown) =>
      (await call(t.app, 'POST', url, { token: director.token, body })).body.data as { _id: string };
    const sport = await post('/api/v1/backoffice/sports', { name: 'Cricket' });
    const league = await post('/api/v1/backoffice/leagues', { sportId: sport._id, name: 'Backup League' });
    const markets: { id: string; runners: string[] }[] = [];
    for (const name of ['Savers v Restorers', 'Dumps v Archives']) {
      const event = await post('/api/v1/backoffice/events', {
        leagueId: league._id,
        name,
        startTime: '2026-11-21T14:00:00.000Z',
      });
      const market = await post('/api/v1/backoffice/markets', {
        eventId: event._id,
        marketType: 'EXCHANGE',
        name: 'Match Odds',
        runners: name.split(' v '),
        betDelaySeconds: 0,
      });
      const view = (
        await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market._id}`, { token: director.token, body: {} })
      ).body.data as { runners: { _id: string }[] };
      markets.push({ id: market._id, runners: view.runners.map((runner) => runner._id) });
    }
    const players = [];
    for (let i = 0; i < 8; i += 1) players.push(await signUpPlayer(t));
    const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: players[0]?.token })).body
      .data as { _id: string; type: string }[];
    const upi = accounts.find((account) => account.type === 'upi')?._id;

    // The load: every player bets on both markets, backs and lays at a few prices (many fills), and
    // some ask for deposits that the director approves, all while the dump runs.
    let stop = false;
    let placed = 0;
    let approved = 0;
    const load = players.map(async (player, index) => {
      for (let round = 0; !stop; round += 1) {
        const market = markets[round % 2] as { id: string; runners: string[] };
        const answer = await call(t.app, 'POST', '/api/v1/place-bet', {
          token: player.token,
          body: {
            marketId: market.id,
            selectionId: market.runners[round % 2],
            selectionType: (index + round) % 2 === 0 ? 'back' : 'lay',
            odds: [2, 2.02, 2.04][round % 3],
            stake: 100 + ((index * 7 + round) % 5) * 10,
          },
        });
        if (answer.body.meta.code === 200) placed += 1;
        if (round % 5 === 0 && upi !== undefined) {
          const deposit = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
            token: player.token,
            body: { amount: 300, accountId: upi, type: 'upi', txnRef: `UTR${randomBytes(6).toString('hex')}` },
          });
          const id = (deposit.body.data as { _id?: string } | null)?._id;
          if (id !== undefined && round % 10 === 0) {
            const approval = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, {
              token: director.token,
            });
            if (approval.body.meta.code === 200) approved += 1;
          }
        }
      }
    });
    await new Promise((done) => setTimeout(done, 1500));
    const busyDump = await dump();
    await new Promise((done) => setTimeout(done, 500));
    stop = true;
    await Promise.all(load);
    expect(placed).toBeGreaterThan(20);
    expect(approved).toBeGreaterThan(0);

    const busy = await restore(busyDump);
    expect(await ledgerViolations(busy)).toEqual([]);
    expect(await exposureMismatches(busy)).toEqual([]);
    const copied = await busy.query<{ count: number }>('select count(*)::int as count from bets');
    expect(copied.rows[0]?.count).toBeGreaterThan(0);

    // Once quiet, a dump restores to exactly the same books.
    const quietDump = await dump();
    const quiet = await restore(quietDump);
    expect(await ledgerViolations(quiet)).toEqual([]);
    expect(await books(quiet)).toEqual(await books(t.db));
  }, 180_000);

  it('refuses to restore over an existing database', async () => {
    const file = await dump();
    await expect(run(join(SCRIPTS, 'restore.sh'), [file, t.databaseUrl as string])).rejects.toMatchObject({
      code: 73,
      stderr: expect.stringContaining('already exists'),
    });
  });
});
