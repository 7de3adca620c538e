/**
 * The statement cover of the two server database projects (docs/testing.md, "Which server files run on both
 * databases"; decision 0082): every server database file runs on PostgreSQL, and on PGlite only the files of
 * test/pglite-files.ts, chosen so that every statement the files send on PostgreSQL is sent on PGlite too.
 * test/record-statements.ts writes each file's distinct statements to the ledger; the run's reporter
 * (scripts/statement-cover-reporter.ts) checks the cover with `uncoveredStatements`, and
 * scripts/pglite-files.ts chooses the list again with `chooseFiles`.
 */
import { join } from 'node:path';

/** The ledger of the last run, at the repository's root (git-ignored). */
export const LEDGER_DIR = join(import.meta.dirname, '..', '..', '..', '.test-statements');

export type TestDatabaseKind = 'pglite' | 'postgres';

/** One test file's distinct statements on one database, normalised. Paths are relative to apps/server. */
export interface LedgerFile {
  database: TestDatabaseKind;
  file: string;
  /** The product's statements: the ones the cover counts. */
  statements: string[];
  /** Statements only the file's test code sent (its own queries, the harness's): recorded, not counted. */
  testStatements?: string[];
}

/** A ledger file's name for a test file's path: `src/db/database.test.ts` → `src~db~database.test.ts.json`. */
export function ledgerFileName(file: string): string {
  return `${file.replaceAll('/', '~')}.json`;
}

/**
 * Statements left out of the cover, by what they are: each differs between the drivers by design, or is the
 * test harness's own, not the server's. Matched against the normalised text.
 */
export const IGNORED_STATEMENTS: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /^(begin|start transaction|commit|end|rollback|abort|savepoint|release)\b/,
    why: 'transaction control: each driver sends its own (node-postgres through our pool, PGlite by itself)',
  },
  {
    pattern: /^(set|reset) role\b|^select \? from pg_roles where rolname = \$n$/,
    why: "PGlite's session acting as the server's role (actAsPgliteServerRole); PostgreSQL logs in as it",
  },
  {
    pattern:
      /^(create database|drop database|create role khel_server login|drop role if exists khel_server\b)|^select \? from pg_database where datname = \$n and datistemplate$/,
    why: "the harness's database and login role per file on PostgreSQL (test/test-app.ts, test/template-database.ts); PGlite's are in memory",
  },
];

const PARAMETER = /\$\d+/g;
const STRING = /(?:\b[eE])?'(?:[^']|'')*'/g;
const NUMBER = /(?<![\w$.])\d+(?:\.\d+)?(?![\w.])/g;
const COMMENT = /--[^\n]*|\/\*[\s\S]*?\*\//g;
/**
 * Names made per file or per run: a login role of the server's (PGlite's is `khel_server` itself), then any
 * name ending in 8 or more hex digits, one a digit (the test database, the template, a scratch table or role).
 */
const RUN_NAMES: readonly [RegExp, string][] = [
  [/\bkhel_server_[0-9a-f]{8,}\b/g, 'khel_server'],
  [/\b([a-z][a-z0-9_]*?)_(?=[a-f]*\d)[0-9a-f]{8,}\b/g, '$1_*'],
];
const VALUE = String.raw`(?:\$n|\?|'\?')`;
/** A parenthesised or bracketed list of values only, of any length: `($1, $2, $3)`, `array[$1]`. */
const VALUE_LIST = new RegExp(String.raw`\(\s*${VALUE}(?:\s*,\s*${VALUE})*\s*\)`, 'g');
const VALUE_ARRAY = new RegExp(String.raw`\[\s*${VALUE}(?:\s*,\s*${VALUE})*\s*\]`, 'g');
/** Rows of such lists, as in `values ($1, $2), ($3, $4)`. */
const ROWS = /\(…\)(?:\s*,\s*\(…\))+/g;

/**
 * A statement as the cover compares it, or null when it is left out (IGNORED_STATEMENTS): literals and
 * parameters become placeholders, a list of values one list, per-run names their kind, comments and
 * whitespace go, and the text is lowercased. So two statements alike but for their values are one.
 */
export function normaliseStatement(sql: string): string | null {
  let text = sql.replace(STRING, "'?'").replace(COMMENT, ' ');
  for (const [pattern, name] of RUN_NAMES) text = text.replace(pattern, name);
  text = text
    .replace(PARAMETER, '$n')
    .replace(NUMBER, '?')
    .replace(VALUE_LIST, '(…)')
    .replace(VALUE_ARRAY, '[…]')
    .replace(ROWS, '(…)')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*;$/, '')
    .toLowerCase()
    // On PGlite the owner's DDL (TestDatabase.asOwner) first leaves the server's role; PostgreSQL's owner has a
    // connection of its own.
    .replace(/^reset role; /, '');
  if (text === '' || IGNORED_STATEMENTS.some(({ pattern }) => pattern.test(text))) return null;
  return text;
}

/** A file's distinct statements, normalised and sorted, the ignored ones left out. */
export function normaliseStatements(sent: Iterable<string>): string[] {
  const statements = new Set<string>();
  for (const sql of sent) {
    const statement = normaliseStatement(sql);
    if (statement !== null) statements.add(statement);
  }
  return [...statements].sort();
}

/** Per test file, its statements on one database. */
export type StatementsByFile = ReadonlyMap<string, ReadonlySet<string>>;

export interface Uncovered {
  statement: string;
  /** The files that sent it on PostgreSQL and do not run on PGlite. */
  files: string[];
}

/**
 * The cover's check of one run: the statements that files not run on PGlite sent on PostgreSQL and that no
 * file sent on PGlite, each with those files. A statement only files run on both databases sent on
 * PostgreSQL is theirs to send or not on PGlite (their PostgreSQL-only tests, their timing), as when every
 * file ran on both: what dropping a file's PGlite run could lose is what that file sent.
 */
export function uncoveredStatements(postgres: StatementsByFile, pglite: StatementsByFile): Uncovered[] {
  const onPglite = new Set<string>();
  for (const statements of pglite.values()) for (const statement of statements) onPglite.add(statement);
  const senders = new Map<string, string[]>();
  for (const [file, statements] of postgres) {
    if (pglite.has(file)) continue;
    for (const statement of statements) {
      if (onPglite.has(statement)) continue;
      const files = senders.get(statement) ?? [];
      files.push(file);
      senders.set(statement, files);
    }
  }
  return [...senders]
    .map(([statement, files]) => ({ statement, files: files.sort() }))
    .sort((a, b) => a.statement.localeCompare(b.statement));
}

/**
 * Greedy choice of the files to run on PGlite. A statement is answered once a listed file sends it on
 * PGlite (`covers`), or once every file that sends it on PostgreSQL (`senders`) is listed. Starting from
 * `always`, adds the file that answers the most statements per second of its time (ties: the file's name)
 * until none answers more. Answers the files added, in the order chosen, and the statements left unanswered.
 */
export function chooseFiles(
  senders: ReadonlyMap<string, ReadonlySet<string>>,
  covers: StatementsByFile,
  costMs: ReadonlyMap<string, number>,
  always: Iterable<string> = [],
): { chosen: string[]; unanswered: string[] } {
  const listed = new Set(always);
  const left = new Set(senders.keys());
  // Per statement, the files that send it on PGlite; per file, the statements it could answer.
  const coveredBy = new Map<string, Set<string>>();
  const touches = new Map<string, Set<string>>();
  const touch = (file: string, statement: string): void => {
    touches.set(file, (touches.get(file) ?? new Set()).add(statement));
  };
  for (const [statement, files] of senders) for (const file of files) touch(file, statement);
  for (const [file, sent] of covers)
    for (const statement of sent)
      if (senders.has(statement)) {
        coveredBy.set(statement, (coveredBy.get(statement) ?? new Set()).add(file));
        touch(file, statement);
      }
  const isListed = (file: string, extra?: string): boolean => file === extra || listed.has(file);
  const answered = (statement: string, extra?: string): boolean =>
    [...(coveredBy.get(statement) ?? [])].some((file) => isListed(file, extra)) ||
    [...(senders.get(statement) ?? [])].every((file) => isListed(file, extra));
  const settle = (): void => {
    for (const statement of left) if (answered(statement)) left.delete(statement);
  };
  settle();
  const chosen: string[] = [];
  for (;;) {
    let best: { file: string; score: number } | undefined;
    for (const file of [...touches.keys()].filter((candidate) => !listed.has(candidate)).sort()) {
      let gain = 0;
      for (const statement of touches.get(file) ?? []) if (left.has(statement) && answered(statement, file)) gain += 1;
      if (gain === 0) continue;
      const score = gain / Math.max(1, costMs.get(file) ?? 1);
      if (best === undefined || score > best.score) best = { file, score };
    }
    if (best === undefined) break;
    chosen.push(best.file);
    listed.add(best.file);
    settle();
  }
  return { chosen, unanswered: [...left].sort() };
}

/**
 * The files to add so that every uncovered statement is answered, as a list of files to add: a greedy cover by
 * the files that sent them on PostgreSQL (cost: their PostgreSQL time, the one this run measured).
 */
export function filesToAdd(uncovered: readonly Uncovered[], postgresMs: ReadonlyMap<string, number>): string[] {
  const candidates = new Map<string, Set<string>>();
  for (const { statement, files } of uncovered)
    for (const file of files) candidates.set(file, (candidates.get(file) ?? new Set()).add(statement));
  const senders = new Map(uncovered.map(({ statement, files }) => [statement, new Set(files)]));
  return chooseFiles(senders, candidates, postgresMs).chosen;
}

/** The failure's words: each uncovered statement and its files, then what to add to the list. */
export function coverFailure(uncovered: readonly Uncovered[], add: readonly string[], listPath: string): string {
  const lines = [
    `statement cover: ${uncovered.length} statement${uncovered.length === 1 ? '' : 's'} sent on PostgreSQL ${uncovered.length === 1 ? 'was' : 'were'} sent on PGlite by no file:`,
  ];
  for (const { statement, files } of uncovered) {
    const shown = statement.length > 300 ? `${statement.slice(0, 300)}…` : statement;
    lines.push(`  ${shown}`, `    sent on PostgreSQL by ${files.join(', ')}`);
  }
  lines.push(
    `Add ${add.join(' and ')} to PGLITE_FILES in ${listPath} (or choose the list again: docs/testing.md, "Which server files run on both databases").`,
  );
  return lines.join('\n');
}
