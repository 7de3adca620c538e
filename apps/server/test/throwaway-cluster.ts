import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl in a temporary folder, on a free port), for
 * what a database on the machine's shared server cannot show: WAL archiving, base backups and
 * point-in-time recovery. Never touches the machine's own cluster. PostgreSQL refuses to run as root,
 * so under root every server-side command runs as the `postgres` OS user (`runuser`), in a folder it owns.
 */
const run = promisify(execFile);

export const PG_BIN = process.env.PG_BINDIR ?? '/usr/lib/postgresql/15/bin';
const AS_ROOT = process.getuid?.() === 0;

/** Runs a command as the user PostgreSQL runs as (postgres under root, else ourselves). */
export async function runAsServerUser(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string }> {
  const withEnv = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  if (!AS_ROOT) return run(command, args, { env: { ...process.env, ...env } });
  return run('runuser', ['-u', 'postgres', '--', 'env', ...withEnv, command, ...args]);
}

/** A temporary folder the server user owns (removed by the caller). */
export async function serverUserDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (AS_ROOT) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  return dir;
}

export interface ThrowawayServer {
  dataDir: string;
  port: number;
  url(database?: string): string;
  stop(): Promise<void>;
}

/** Starts PostgreSQL on a data directory (made by initdb or restored), on a free port, its socket in `socketDir`. */
export async function startServer(
  dataDir: string,
  socketDir: string,
  settings: Record<string, string> = {},
): Promise<ThrowawayServer> {
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  await runAsServerUser(join(PG_BIN, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    join(dataDir, '..', `server-${port}.log`),
    '-w',
    '-t',
    '120',
    'start',
  ]);
  return {
    dataDir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      await runAsServerUser(join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    },
  };
}

export interface ThrowawayCluster {
  /** The folder holding the data directory, the WAL archive, backups and logs. */
  root: string;
  archiveDir: string;
  server: ThrowawayServer;
  /** Stops every server started under it and removes the folder. */
  destroy(extra?: ThrowawayServer[]): Promise<void>;
}

/**
 * initdb a new cluster with trust authentication (local, replication included) and WAL archiving into
 * `<root>/archive`, written into its postgresql.conf as an operator would (docs/operations.md), then start it.
 */
export async function createArchivingCluster(): Promise<ThrowawayCluster> {
  const root = await serverUserDir('khel-pitr-');
  const dataDir = join(root, 'data');
  const archiveDir = join(root, 'archive');
  await runAsServerUser('mkdir', ['-p', archiveDir]);
  await runAsServerUser(join(PG_BIN, 'initdb'), [
    '-D',
    dataDir,
    '--auth=trust',
    '--username=postgres',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  // The settings docs/operations.md gives; `test ! -f` never overwrites a segment already archived.
  const conf = [
    'wal_level = replica',
    'archive_mode = on',
    `archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
    'max_wal_senders = 4',
    '',
  ].join('\n');
  if (AS_ROOT) await runAsServerUser('sh', ['-c', `printf '%s' "$CONF" >> ${dataDir}/postgresql.conf`], { CONF: conf });
  else appendFileSync(join(dataDir, 'postgresql.conf'), conf);
  const server = await startServer(dataDir, root);
  return {
    root,
    archiveDir,
    server,
    async destroy(extra = []) {
      for (const other of extra) await other.stop();
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
