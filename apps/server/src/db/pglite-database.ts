import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult, Queryable } from './database.js';
import { parseInt8, withCommitHooks } from './database.js';

const INT8_OID = 20;

/**
 * Embedded PostgreSQL. dataDir undefined = in memory (tests). loadDataDir starts from a saved data
 * directory (a tarball from `dumpDataDir`) instead of an empty one, skipping initdb.
 */
export async function createPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create(dataDir, {
    parsers: { [INT8_OID]: (value: string) => parseInt8(value) },
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
}

/** The Database interface over one PGlite instance. One connection: PGlite serialises. */
export function pgliteDatabase(pg: PGlite): Database {
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params);
      // PGlite reports affectedRows = 0 for a SELECT; a statement that returns rows counts its rows, as node-postgres does.
      const rowCount = result.fields.length > 0 ? result.rows.length : (result.affectedRows ?? 0);
      return { rows: result.rows, rowCount };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: withCommitHooks((fn) => pg.transaction((tx) => fn(wrap(tx)))),
    close: () => pg.close(),
  };
}

export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  return pgliteDatabase(await createPglite(dataDir, options));
}
