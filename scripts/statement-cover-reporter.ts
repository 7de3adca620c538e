/**
 * A Vitest reporter that checks the statement cover at the end of a run (docs/testing.md, "Which server files
 * run on both databases"; decision 0082): when `server:postgres` ran every server database file and
 * `server:pglite` every file of its list, all of them passing, each statement the files sent on PostgreSQL
 * must have been sent on PGlite by some file (apps/server/test/statement-cover.ts says which are left out
 * and why). If not, it names each statement and the files that sent it on PostgreSQL, and the run fails
 * (exit code 1). A run of fewer files checks nothing.
 *
 * It empties the ledger (.test-statements/, filled by apps/server/test/record-statements.ts) at the start,
 * and at the end adds `run.json` (each database file's time, for scripts/pglite-files.ts) and `check.json`
 * (the verdict, which scripts/test-summary.mjs prints again beside the closing line).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import type { LedgerFile, StatementsByFile, TestDatabaseKind } from '../apps/server/test/statement-cover.js';
import {
  LEDGER_DIR,
  coverFailure,
  filesToAdd,
  ledgerFileName,
  uncoveredStatements,
} from '../apps/server/test/statement-cover.js';

const PROJECTS: Record<string, TestDatabaseKind> = { 'server:pglite': 'pglite', 'server:postgres': 'postgres' };
const SERVER = join(import.meta.dirname, '..', 'apps', 'server');
const LIST = 'apps/server/test/pglite-files.ts';

/** A database file's run, as run.json holds it. Paths relative to apps/server. */
export interface StatementRun {
  files: { database: TestDatabaseKind; file: string; ms: number; ok: boolean }[];
}

export interface CoverVerdict {
  checked: boolean;
  ok: boolean;
  /** One line when it passed or was not checked; the failure's words otherwise. */
  message: string;
}

export default class StatementCoverReporter implements Reporter {
  private vitest: Vitest | undefined;
  private readonly started = new Map<string, number>();
  private readonly files: StatementRun['files'] = [];

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    rmSync(LEDGER_DIR, { recursive: true, force: true });
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(`${module.project.name}\0${module.moduleId}`, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const database = PROJECTS[module.project.name];
    if (database === undefined) return;
    const startMs = this.started.get(`${module.project.name}\0${module.moduleId}`);
    const ms = startMs === undefined ? module.diagnostic().duration : performance.now() - startMs;
    this.files.push({ database, file: relative(SERVER, module.moduleId), ms: Math.round(ms), ok: module.ok() });
  }

  async onTestRunEnd(): Promise<void> {
    if (this.vitest === undefined || this.files.length === 0) return;
    const verdict = await this.check(this.vitest);
    mkdirSync(LEDGER_DIR, { recursive: true });
    writeFileSync(join(LEDGER_DIR, 'run.json'), JSON.stringify({ files: this.files } satisfies StatementRun, null, 1));
    writeFileSync(join(LEDGER_DIR, 'check.json'), JSON.stringify(verdict, null, 1));
    if (!verdict.checked) return;
    console.log(`\n${verdict.message}\n`);
    if (!verdict.ok) process.exitCode = 1;
  }

  private async check(vitest: Vitest): Promise<CoverVerdict> {
    const ran = new Map<TestDatabaseKind, Set<string>>([
      ['pglite', new Set()],
      ['postgres', new Set()],
    ]);
    for (const { database, file, ok } of this.files) {
      if (!ok) return { checked: false, ok: true, message: 'statement cover not checked: a server file failed' };
      ran.get(database)?.add(file);
    }
    for (const [name, database] of Object.entries(PROJECTS)) {
      const project = vitest.projects.find((candidate) => candidate.name === name);
      if (project === undefined)
        return { checked: false, ok: true, message: `statement cover not checked: no ${name}` };
      const { testFiles } = await project.globTestFiles();
      const missing = testFiles.filter((path) => !ran.get(database)?.has(relative(SERVER, path)));
      if (missing.length > 0)
        return { checked: false, ok: true, message: `statement cover not checked: ${name} ran part of its files` };
    }
    const statements = (database: TestDatabaseKind): Map<string, Set<string>> =>
      new Map(
        [...(ran.get(database) ?? [])].map((file) => {
          const path = join(LEDGER_DIR, database, ledgerFileName(file));
          // A file whose tests all skip runs no hooks, so writes no ledger: it sent nothing.
          const entry = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as LedgerFile) : undefined;
          return [file, new Set(entry?.statements ?? [])];
        }),
      );
    const postgres: StatementsByFile = statements('postgres');
    const pglite: StatementsByFile = statements('pglite');
    const uncovered = uncoveredStatements(postgres, pglite);
    if (uncovered.length === 0) return { checked: true, ok: true, message: coverSummary(postgres, pglite) };
    const postgresMs = new Map(this.files.filter((f) => f.database === 'postgres').map((f) => [f.file, f.ms]));
    return { checked: true, ok: false, message: coverFailure(uncovered, filesToAdd(uncovered, postgresMs), LIST) };
  }
}

/** A passing run's line: how many of the product's statements PostgreSQL saw, and how PGlite answered them. */
function coverSummary(postgres: StatementsByFile, pglite: StatementsByFile): string {
  const union = (files: StatementsByFile): Set<string> => new Set([...files.values()].flatMap((set) => [...set]));
  const onPostgres = union(postgres);
  const onPglite = union(pglite);
  const both = [...onPostgres].filter((statement) => onPglite.has(statement)).length;
  return (
    `statement cover: ${onPostgres.size} of the product's statements sent on PostgreSQL (${postgres.size} files), ${both} of them ` +
    `on PGlite too (${pglite.size} files); the other ${onPostgres.size - both} only by files that run on both`
  );
}
