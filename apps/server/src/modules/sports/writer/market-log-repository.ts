import type { ExchangeCommand, MarketSnapshot } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import { LIMITS_FINGERPRINT } from '../../agents/downline-limits-service.js';
import type { EventNames, MarketRow } from '../sports-repository.js';

/** The market row without its book snapshot (the writer holds the book; only a rebuild reads it). */
const STATE_COLUMNS = `id, event_id, type, name, status, in_play, suspend_reason, version, bet_delay_seconds, min_stake_paise, max_stake_paise,
  max_profit_paise, commission_bp, quote, null as book_snapshot, book_version, result, settlement_count, feed_ref, sort_order`;

/**
 * Named statements: parsed once per connection, not once per batch. The locks are taken in the order
 * of the array (the caller sorts it: two transactions never wait on each other's markets crosswise);
 * the state is read by a second statement, whose snapshot is taken after the locks were granted.
 */
const LOCK_ALL = {
  name: 'market_writer_lock_all',
  text: 'select count(pg_advisory_xact_lock(hashtext(k))) as n from unnest($1::text[]) with ordinality as u(k, o)',
};
/** A market's event with its league and sport, as a bet view names them (`m` is the market). */
const EVENT_NAMES = `(select json_build_object('id', e.id, 'slug', e.slug, 'name', e.name, 'league_id', l.id, 'league_slug', l.slug, 'league_name', l.name,
        'sport_id', s.id, 'sport_slug', s.slug, 'sport_name', s.name)
      from events e join leagues l on l.id = e.league_id join sports s on s.id = l.sport_id where e.id = m.event_id)`;
/** The log's end of a market row `m`: its snapshot's sequence or the last command logged after it. */
const LOG_SEQ = `greatest(book_seq, coalesce((select max(seq) from market_commands c where c.market_id = m.id), 0))::bigint as log_seq`;
/**
 * The market row and its log's end alone, as a command's batch reads it again after the command wrote the row:
 * the limits' fingerprint (and its lock) and the event's names were read for the batch under its locks, and
 * nothing in the transaction changes them. A third of the batch read's time on PGlite (docs/testing.md).
 */
const STATE = {
  name: 'market_writer_state',
  text: `select ${STATE_COLUMNS}, ${LOG_SEQ}, m.xmin::text as row_mark from markets m where id = $1`,
};
const STATES = {
  name: 'market_writer_states',
  text: `select ${STATE_COLUMNS}, ${LOG_SEQ},
    m.xmin::text as row_mark, ${LIMITS_FINGERPRINT} as limits_mark, ${EVENT_NAMES} as event_names, md5(${EVENT_NAMES}::text) as names_mark
    from markets m where id = any($1::uuid[])`,
};

/** What a lane holds of a market, to be found unchanged by its one-statement commit (decision 0039). */
export interface HeldMarks {
  marketId: string;
  /** The market row's version as the lane read or last wrote it (its xmin): any write to the row changes it. */
  rowMark: string;
  /** The digest of its event's names (a rename). */
  namesMark: string;
  /** The last engine sequence of the lane's book: the database's log must end there too. */
  logSeq: number;
}

/**
 * The CTEs that open a one-statement commit (decision 0039), parameters from $first on: the markets'
 * advisory locks in the given (sorted) order, as lockAll, so a transaction of another process or of
 * an operator command is over before anything is checked; then each market row locked FOR SHARE and
 * required unchanged since the lane held it (a row updated meanwhile is re-read by the lock and fails
 * its mark), its command log ending at the lane's sequence, its event's names unchanged, and the limit
 * tables' fingerprint the lane's. `lane_checked.ok` says whether all of it holds.
 *
 * The log's end is checked, not left to the log's primary key: another process's transaction that
 * appended commands without touching the market row (no snapshot) and committed before this statement
 * began leaves the row's mark as it was, and this statement's own snapshot may drop those commands
 * (lane_trimmed sees them) before its appends, so no key would clash and a stale book would become the
 * stored one (a resting offer matched twice: writer-crash.e2e.ts, one-statement.test.ts). A writer that
 * commits after this statement began is invisible to the check and to the trim, and its commands clash
 * with this statement's appends on the primary key.
 */
/**
 * The snapshots a one-statement commit saves (decision 0039), parameter $first: each market's book and
 * its sequence into the market row, and the logged commands it contains dropped, only when `when`
 * holds (as saveSnapshot does in a transaction). `lane_snapshots` answers each row's new mark. The
 * commands the same statement appends are not yet visible to its delete: they stay, below the
 * snapshot's sequence, where no rebuild reads them, until the next snapshot drops them. The rows are
 * found by market id (`= any`, the primary key), never by a join the planner could run as a scan.
 */
export function snapshotsStatement(
  snapshots: readonly { marketId: string; snapshot: MarketSnapshot }[],
  first: number,
  when: string,
): { sql: string; params: unknown[] } {
  return {
    sql: `lane_snapshot_rows as (select s."marketId" as market_id, s.snapshot, (s.snapshot->>'lastSeq')::bigint as seq from jsonb_to_recordset($${first}::jsonb) as s("marketId" uuid, snapshot jsonb)),
      lane_snapshots as (update markets m set book_snapshot = s.snapshot, book_seq = s.seq from lane_snapshot_rows s
        where m.id = s.market_id and m.id = any(array(select market_id from lane_snapshot_rows)) and ${when} returning m.id, m.xmin::text as row_mark),
      lane_trimmed as (delete from market_commands c using lane_snapshot_rows s
        where c.market_id = any(array(select market_id from lane_snapshot_rows)) and c.market_id = s.market_id and c.seq <= s.seq and ${when} returning 1)`,
    params: [JSON.stringify(snapshots)],
  };
}

export function laneCheckStatement(
  marks: readonly HeldMarks[],
  limitsMark: string,
  first: number,
): { sql: string; params: unknown[] } {
  const p = (offset: number) => `$${first + offset}`;
  return {
    sql: `lane_locks as materialized (select count(pg_advisory_xact_lock(hashtext(k))) as n from unnest(${p(0)}::text[]) with ordinality as u(k, o)),
      lane_marked as materialized (
        select m.id from markets m join unnest(${p(1)}::uuid[], ${p(2)}::text[], ${p(3)}::text[], ${p(6)}::bigint[]) as x(id, row_mark, names_mark, log_seq) on m.id = x.id
        where (select n from lane_locks) >= 0 and m.id = any(${p(1)}::uuid[]) and m.xmin::text = x.row_mark and md5(${EVENT_NAMES}::text) = x.names_mark
          and greatest(m.book_seq, coalesce((select max(c.seq) from market_commands c where c.market_id = m.id), 0)) = x.log_seq
        for share of m),
      lane_checked as materialized (select (select count(*) from lane_marked) = ${p(4)}::int and ${LIMITS_FINGERPRINT} = ${p(5)}::text as ok)`,
    params: [
      marks.map((mark) => `market:${mark.marketId}`),
      marks.map((mark) => mark.marketId),
      marks.map((mark) => mark.rowMark),
      marks.map((mark) => mark.namesMark),
      marks.length,
      limitsMark,
      marks.map((mark) => mark.logSeq),
    ],
  };
}

const LAST_SEQ = {
  name: 'market_writer_last_seq',
  text: `select ${LOG_SEQ} from markets m where id = $1`,
};
const BOOK = {
  name: 'market_writer_book',
  text: `select book_snapshot, coalesce((select jsonb_agg(c.command order by c.seq) from market_commands c where c.market_id = m.id and c.seq > m.book_seq), '[]'::jsonb) as commands
    from markets m where id = $1`,
};
export type MarketState = MarketRow & { log_seq: number; row_mark: string };
/** A market's state with the limit tables' fingerprint and its event's catalogue names (a bet view's) and their digest, as a batch reads it after its locks. */
export type LockedState = MarketState & { limits_mark: string; event_names: EventNames | null; names_mark: string };

/**
 * The market writer's statements (decision 0027): the per-batch lock and state read, the command log
 * appended once per group commit (with the batch's rows, batch-writes-repository.ts), and the periodic snapshot.
 */
export function createMarketLogRepository(db: Queryable) {
  const named = <Row>(statement: { name: string; text: string }, values: unknown[]) =>
    db.query<Row>(statement.text, values, statement.name);
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
      return (await named<MarketState>(STATE, [marketId])).rows[0] ?? null;
    },
    /** The last engine sequence committed for the market (a held book at it is current). */
    async lastSeq(marketId: string): Promise<number | null> {
      return (await named<{ log_seq: number }>(LAST_SEQ, [marketId])).rows[0]?.log_seq ?? null;
    },
    /** The book as stored, in one statement (one view of the database): the snapshot and the commands logged after it, in order. */
    async book(marketId: string): Promise<{ snapshot: MarketSnapshot | null; commands: ExchangeCommand[] }> {
      const row = (await named<{ book_snapshot: MarketSnapshot | null; commands: ExchangeCommand[] }>(BOOK, [marketId]))
        .rows[0];
      return { snapshot: row?.book_snapshot ?? null, commands: row?.commands ?? [] };
    },
    /** Saves the snapshot and drops the commands it already contains; answers the row's new mark (its xmin: this transaction's). */
    async saveSnapshot(marketId: string, snapshot: MarketSnapshot): Promise<string | null> {
      const saved = await db.query<{ row_mark: string }>(
        'update markets set book_snapshot = $2, book_seq = $3 where id = $1 returning xmin::text as row_mark',
        [marketId, JSON.stringify(snapshot), snapshot.lastSeq],
      );
      await db.query('delete from market_commands where market_id = $1 and seq <= $2', [marketId, snapshot.lastSeq]);
      return saved.rows[0]?.row_mark ?? null;
    },
  };
}
