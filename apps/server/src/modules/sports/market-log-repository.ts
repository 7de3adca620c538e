import type { ExchangeCommand, MarketSnapshot } from '@khel/exchange';
import type { Queryable } from '../../db/database.js';
import { LIMITS_FINGERPRINT } from '../agents/downline-limits-service.js';
import type { EventNames, MarketRow } from './sports-repository.js';

/** The market row without its book snapshot (the writer holds the book; only a rebuild reads it). */
const STATE_COLUMNS = `id, event_id, type, name, status, in_play, suspend_reason, version, bet_delay_seconds, min_stake_paise, max_stake_paise,
  max_profit_paise, commission_bp, quote, null as book_snapshot, book_version, result, settlement_count, feed_ref, sort_order`;

/**
 * Named statements: parsed once per connection, not once per batch. The locks are taken in the order
 * of the array (the caller sorts it: two transactions never wait on each other's markets crosswise);
 * the state is read by a second statement, whose snapshot is taken after the locks were granted.
 */
const LOCK_ALL = { name: 'market_writer_lock_all', text: 'select count(pg_advisory_xact_lock(hashtext(k))) as n from unnest($1::text[]) with ordinality as u(k, o)' };
const STATES = {
  name: 'market_writer_states',
  text: `select ${STATE_COLUMNS}, greatest(book_seq, coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0))::bigint as log_seq,
    ${LIMITS_FINGERPRINT} as limits_mark,
    (select json_build_object('id', e.id, 'slug', e.slug, 'name', e.name, 'league_id', l.id, 'league_slug', l.slug, 'league_name', l.name,
        'sport_id', s.id, 'sport_slug', s.slug, 'sport_name', s.name)
      from events e join leagues l on l.id = e.league_id join sports s on s.id = l.sport_id where e.id = m.event_id) as event_names
    from markets m where id = any($1::uuid[])`,
};

const LAST_SEQ = {
  name: 'market_writer_last_seq',
  text: 'select greatest(book_seq, coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0))::bigint as log_seq from markets m where id = $1',
};
const BOOK = {
  name: 'market_writer_book',
  text: `select book_snapshot, coalesce((select jsonb_agg(c.command order by c.seq) from market_commands c where c.market_id = m.id and c.seq > m.book_seq), '[]'::jsonb) as commands
    from markets m where id = $1`,
};
export type MarketState = MarketRow & { log_seq: number };
/** A market's state with the limit tables' fingerprint and its event's catalogue names (a bet view's), as a batch reads it after its locks. */
export type LockedState = MarketState & { limits_mark: string; event_names: EventNames | null };

/**
 * The market writer's statements (decision 0027): the per-batch lock and state read, the command log
 * appended once per group commit (with the batch's rows, batch-writes-repository.ts), and the periodic snapshot.
 */
export function createMarketLogRepository(db: Queryable) {
  const named = <Row>(statement: { name: string; text: string }, values: unknown[]) => db.query<Row>(statement.text, values, statement.name);
  async function states(marketIds: readonly string[]): Promise<Map<string, LockedState>> {
    const rows = (await named<LockedState>(STATES, [marketIds])).rows;
    return new Map(rows.map((row) => [row.id, row]));
  }
  return {
    /** Serialises the markets' batches across processes for the rest of the transaction (ids sorted by the caller). */
    async lockAll(marketIds: readonly string[]): Promise<void> {
      await named(LOCK_ALL, [marketIds.map((id) => `market:${id}`)]);
    },
    /** The market rows (no snapshot), the last engine sequence the database holds for each and the limits' fingerprint. */
    states,
    /** The market row (no snapshot) and its last engine sequence (after a command of the batch wrote the row). */
    async state(marketId: string): Promise<MarketState | null> {
      const state = (await states([marketId])).get(marketId);
      if (state === undefined) return null;
      const { limits_mark: _mark, event_names: _names, ...rest } = state;
      return rest;
    },
    /** The last engine sequence committed for the market (a held book at it is current). */
    async lastSeq(marketId: string): Promise<number | null> {
      return (await named<{ log_seq: number }>(LAST_SEQ, [marketId])).rows[0]?.log_seq ?? null;
    },
    /** The book as stored, in one statement (one view of the database): the snapshot and the commands logged after it, in order. */
    async book(marketId: string): Promise<{ snapshot: MarketSnapshot | null; commands: ExchangeCommand[] }> {
      const row = (await named<{ book_snapshot: MarketSnapshot | null; commands: ExchangeCommand[] }>(BOOK, [marketId])).rows[0];
      return { snapshot: row?.book_snapshot ?? null, commands: row?.commands ?? [] };
    },
    /** Saves the snapshot and drops the commands it already contains. */
    async saveSnapshot(marketId: string, snapshot: MarketSnapshot): Promise<void> {
      await db.query('update markets set book_snapshot = $2, book_seq = $3 where id = $1', [marketId, JSON.stringify(snapshot), snapshot.lastSeq]);
      await db.query('delete from market_commands where market_id = $1 and seq <= $2', [marketId, snapshot.lastSeq]);
    },
  };
}

