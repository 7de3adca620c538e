import type { ExchangeCommand, MarketSnapshot } from '@khel/exchange';
import type { Queryable } from '../../db/database.js';
import type { MarketRow } from './sports-repository.js';

/** The market row without its book snapshot (the writer holds the book; only a rebuild reads it). */
const STATE_COLUMNS = `id, event_id, type, name, status, in_play, suspend_reason, version, bet_delay_seconds, min_stake_paise, max_stake_paise,
  max_profit_paise, commission_bp, quote, null as book_snapshot, book_version, result, settlement_count, feed_ref, sort_order`;

/** Named statements: parsed once per connection, not once per batch. */
const LOCK = { name: 'market_writer_lock', text: 'select pg_advisory_xact_lock(hashtext($1))' };
const STATE = {
  name: 'market_writer_state',
  text: `select ${STATE_COLUMNS}, greatest(book_seq, coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0))::bigint as log_seq
    from markets m where id = $1`,
};

const LAST_SEQ = {
  name: 'market_writer_last_seq',
  text: 'select greatest(book_seq, coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0))::bigint as log_seq from markets m where id = $1',
};
const APPEND = {
  name: 'market_writer_append',
  text: 'insert into market_commands (market_id, seq, command) select $1, c.seq, c.command from jsonb_to_recordset($2::jsonb) as c(seq bigint, command jsonb)',
};

export type MarketState = MarketRow & { log_seq: number };

/**
 * The market writer's statements (decision 0027): the per-batch lock and state read, the command log
 * appended once per group commit, and the periodic snapshot. Only this repository touches
 * market_commands.
 */
export function createMarketLogRepository(db: Queryable) {
  const named = <Row>(statement: { name: string; text: string }, values: unknown[]) => db.query<Row>(statement.text, values, statement.name);
  return {
    /** Serialises the market's batches across processes for the rest of the transaction. */
    async lock(marketId: string): Promise<void> {
      await named(LOCK, [`market:${marketId}`]);
    },
    /** The market row (no snapshot) and the last engine sequence the database holds for it. */
    async state(marketId: string): Promise<MarketState | null> {
      return ((await named<MarketState>(STATE, [marketId])).rows[0] as MarketState | undefined) ?? null;
    },
    /** The last engine sequence committed for the market (a held book at it is current). */
    async lastSeq(marketId: string): Promise<number | null> {
      return (await named<{ log_seq: number }>(LAST_SEQ, [marketId])).rows[0]?.log_seq ?? null;
    },
    async snapshot(marketId: string): Promise<{ snapshot: MarketSnapshot | null; seq: number }> {
      const row = (await db.query<{ book_snapshot: MarketSnapshot | null; book_seq: number }>('select book_snapshot, book_seq from markets where id = $1', [marketId])).rows[0];
      return { snapshot: row?.book_snapshot ?? null, seq: row?.book_seq ?? 0 };
    },
    async commandsAfter(marketId: string, seq: number): Promise<ExchangeCommand[]> {
      return (await db.query<{ command: ExchangeCommand }>('select command from market_commands where market_id = $1 and seq > $2 order by seq', [marketId, seq])).rows.map((row) => row.command);
    },
    /** One multi-row INSERT for every command of a group commit. */
    async append(marketId: string, commands: readonly ExchangeCommand[]): Promise<void> {
      if (commands.length === 0) return;
      await named(APPEND, [marketId, JSON.stringify(commands.map((command) => ({ seq: command.seq, command })))]);
    },
    /** Saves the snapshot and drops the commands it already contains. */
    async saveSnapshot(marketId: string, snapshot: MarketSnapshot): Promise<void> {
      await db.query('update markets set book_snapshot = $2, book_seq = $3 where id = $1', [marketId, JSON.stringify(snapshot), snapshot.lastSeq]);
      await db.query('delete from market_commands where market_id = $1 and seq <= $2', [marketId, snapshot.lastSeq]);
    },
  };
}

