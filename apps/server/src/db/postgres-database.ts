import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database.js';
import { parseInt8, withCommitHooks } from './database.js';

const INT8_OID = 20;

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return parseInt8;
    return pg.types.getTypeParser(oid, format);
  },
};

/** A pool of connections to a PostgreSQL server. */
export function openPostgresDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20, types: typeParsers as pg.CustomTypesConfig });
  // An idle client's error (server restart, network) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = [], name?: string): Promise<QueryResult<Row>> {
      const result =
        name === undefined ? await target.query(sql, params) : await target.query({ name, text: sql, values: params });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters node-postgres uses the simple protocol, which allows several statements.
      await target.query(sql);
    },
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: withCommitHooks(async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
