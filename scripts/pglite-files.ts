/**
 * Chooses the server files that run on PGlite (apps/server/test/pglite-files.ts) from statement ledgers
 * (docs/testing.md, "Which server files run on both databases"; decision 0082). Each ledger is the
 * `.test-statements/` folder of a run of both server database projects with every file on PGlite:
 *
 *   KHEL_PGLITE_ALL=1 npx vitest run --project server:pglite --project server:postgres
 *   cp -r .test-statements /tmp/ledger-1        # and again for /tmp/ledger-2, /tmp/ledger-3
 *   npx tsx scripts/pglite-files.ts /tmp/ledger-1 /tmp/ledger-2 /tmp/ledger-3 [--write]
 *
 * Each statement sent on PostgreSQL in any run must be answered: by a listed file that sent it on PGlite in
 * every run (so the list does not rest on a statement a file sends only sometimes), or by listing every file
 * that sent it on PostgreSQL in any run (then it is theirs to send or not on PGlite, as when every file ran on
 * both). The greedy choice (statement-cover.ts `chooseFiles`) starts from POSTGRES_ONLY_IN_PART and
 * DATABASE_LAYER_FILES and adds the file that answers the most statements per second of its PGlite time until all
 * are answered, then drops any file the later ones made unneeded. --write puts the files chosen into the list.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_LAYER_FILES, POSTGRES_ONLY_IN_PART } from '../apps/server/test/pglite-files.js';
import type { LedgerFile, TestDatabaseKind } from '../apps/server/test/statement-cover.js';
import { LEDGER_DIR, chooseFiles } from '../apps/server/test/statement-cover.js';
import type { StatementRun } from './statement-cover-reporter.js';

const LIST = join(import.meta.dirname, '..', 'apps', 'server', 'test', 'pglite-files.ts');

interface Ledger {
  run: StatementRun;
  statements: Record<TestDatabaseKind, Map<string, Set<string>>>;
}

function readLedger(folder: string): Ledger {
  const run = JSON.parse(readFileSync(join(folder, 'run.json'), 'utf8')) as StatementRun;
  const read = (database: TestDatabaseKind): Map<string, Set<string>> => {
    const files = new Map<string, Set<string>>(
      run.files.filter((file) => file.database === database).map((file) => [file.file, new Set<string>()]),
    );
    const dir = join(folder, database);
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const entry = JSON.parse(readFileSync(join(dir, name), 'utf8')) as LedgerFile;
      files.set(entry.file, new Set(entry.statements));
    }
    return files;
  };
  return { run, statements: { pglite: read('pglite'), postgres: read('postgres') } };
}

const args = process.argv.slice(2);
const write = args.includes('--write');
const folders = args.filter((arg) => arg !== '--write');
const ledgers = (folders.length > 0 ? folders : [LEDGER_DIR]).map(readLedger);

const databaseFiles = [...(ledgers[0]?.statements.postgres.keys() ?? [])].sort();
for (const [index, ledger] of ledgers.entries()) {
  const pglite = [...ledger.statements.pglite.keys()].sort();
  if (ledger.run.files.some((file) => !file.ok)) throw new Error(`ledger ${index + 1}: a file failed in that run`);
  if (JSON.stringify(pglite) !== JSON.stringify(databaseFiles) || ledger.statements.postgres.size !== pglite.length)
    throw new Error(`ledger ${index + 1} is not of a run with every database file on both (KHEL_PGLITE_ALL=1)`);
}

const always = new Set([...POSTGRES_ONLY_IN_PART, ...DATABASE_LAYER_FILES]);
/** Per statement sent on PostgreSQL in any run, the files that sent it there in any run. */
const senders = new Map<string, Set<string>>();
for (const ledger of ledgers)
  for (const [file, statements] of ledger.statements.postgres)
    for (const statement of statements) senders.set(statement, (senders.get(statement) ?? new Set()).add(file));
/** A file covers what it sent on PGlite in every run. */
const covers = new Map<string, Set<string>>();
for (const file of databaseFiles) {
  const [first, ...rest] = ledgers.map((ledger) => ledger.statements.pglite.get(file) ?? new Set<string>());
  covers.set(file, new Set([...(first ?? [])].filter((statement) => rest.every((set) => set.has(statement)))));
}
const pgliteMs = new Map<string, number>();
for (const file of databaseFiles) {
  const times = ledgers.map(
    (ledger) => ledger.run.files.find((entry) => entry.database === 'pglite' && entry.file === file)?.ms ?? 0,
  );
  pgliteMs.set(file, times.reduce((sum, ms) => sum + ms, 0) / times.length);
}

const { chosen, unanswered } = chooseFiles(senders, covers, pgliteMs, always);
// Drop what later files made unneeded, the dearest first.
const kept = new Set(chosen);
for (const file of [...chosen].sort((a, b) => (pgliteMs.get(b) ?? 0) - (pgliteMs.get(a) ?? 0))) {
  kept.delete(file);
  if (chooseFiles(senders, covers, pgliteMs, [...always, ...kept]).chosen.length > 0) kept.add(file);
}
const list = chosen.filter((file) => kept.has(file));
const listed = new Set([...always, ...list]);

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const sum = (files: Iterable<string>): number =>
  [...files].reduce((total, file) => total + (pgliteMs.get(file) ?? 0), 0);
const onPglite = (statement: string): boolean => [...listed].some((file) => covers.get(file)?.has(statement));
const bySenders = [...senders].filter(([statement]) => !onPglite(statement));
console.log(
  `${ledgers.length} ledger(s), ${databaseFiles.length} database files, ${senders.size} statements on PostgreSQL`,
);
console.log(
  `on PGlite: ${listed.size} files (${always.size} always, ${list.length} chosen), ${seconds(sum(listed))} of ${seconds(sum(databaseFiles))} of PGlite file time`,
);
for (const file of list) console.log(`  ${seconds(pgliteMs.get(file) ?? 0).padStart(8)}  ${file}`);
console.log(
  `${senders.size - bySenders.length} statements sent on PGlite by a listed file in every run; ${bySenders.length} answered by running every file that sent them on PostgreSQL on PGlite too:`,
);
for (const [statement, files] of bySenders) {
  const runs = ledgers.filter((ledger) => [...ledger.statements.postgres.values()].some((set) => set.has(statement)));
  console.log(`  ${statement.slice(0, 200)}`);
  console.log(`    on PostgreSQL in ${runs.length} of ${ledgers.length} runs, by ${[...files].sort().join(', ')}`);
}
if (unanswered.length > 0) throw new Error(`unanswered: ${unanswered.join('\n')}`);

if (write) {
  const text = readFileSync(LIST, 'utf8');
  const next = text.replace(
    /(\/\/ chosen by .*\(begin\)\n)[\s\S]*?( *\/\/ chosen \(end\))/,
    (_, begin: string, end: string) =>
      `${begin}${[...list]
        .sort()
        .map((file) => `  '${file}',\n`)
        .join('')}${end}`,
  );
  if (next === text && list.length > 0) throw new Error(`no (begin)…(end) markers in ${LIST}`);
  writeFileSync(LIST, next);
  console.log(`\nwrote ${list.length} chosen files to ${LIST}`);
}
