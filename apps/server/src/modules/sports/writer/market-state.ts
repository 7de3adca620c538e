import { applyCommand, createExchangeMarket, restoreMarket } from '@khel/exchange';
import type { ExchangeCommand, ExchangeEvent, ExchangeMarket, MarketSnapshot } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import { emptyLanePlayers } from './batch-writes.js';
import type { BatchWrites, LanePlayers } from './batch-writes.js';
import { createMarketLogRepository } from './market-log-repository.js';
import type { MarketState } from './market-log-repository.js';
import type { EventNames, MarketRow, RunnerRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';

/**
 * What the market writer (decision 0027, `market-writer.ts`) holds for a market and hands each
 * command, and how that state is rebuilt exactly from the snapshot and the command log.
 */
export interface MarketContext {
  tx: Queryable;
  market: MarketRow;
  runners: RunnerRow[];
  /** The exchange engine's book (EXCHANGE markets only). Change it only through apply. */
  book: ExchangeMarket | null;
  /** Kept for callers that mark a change; the command log, not this flag, is what is persisted. */
  bookChanged: boolean;
  /** Applies one engine command to the book and logs it for the group commit. */
  apply(command: ExchangeCommand): ExchangeEvent[];
  /**
   * EXCHANGE markets: the batch's deferred rows and the lane's held players (decision 0027), for
   * placing bets without a read or a row write per bet; null elsewhere. A command using it writes
   * only through it and through `direct`.
   */
  batch: { writes: BatchWrites; direct: Queryable } | null;
  /** The market's event names as the batch read them with the market (null outside a batch): its bets' views need no read. */
  eventNames?: EventNames | null;
}

export interface WriterOptions {
  /** Most commands committed in one transaction. 1 turns group commit off (the differential test's reference). */
  maxBatch: number;
  /** How long the first command of a batch waits for company; 0 = the next turn of the event loop. */
  lingerMs: number;
  /**
   * Fewest engine commands between two book snapshots. A deep book waits for as many commands as it
   * has resting offers, so a snapshot costs O(1) per command and a replay stays within one book's worth.
   */
  snapshotEvery: number;
  /** Told of every committed group commit: its commands, its time, and whether it was one statement (metrics). */
  onCommitted?: (commands: number, seconds: number, oneStatement: boolean) => void;
}

/** Whether the held book is due a snapshot: every max(snapshotEvery, resting offers) commands (decision 0027, addendum 0038). */
export function snapshotDue(held: Held, snapshotEvery: number): boolean {
  if (held.book === null) return false;
  return (
    held.snapshotSeq < 0 || held.book.lastSeq - held.snapshotSeq >= Math.max(snapshotEvery, held.book.liveOffers.size)
  );
}

export const DEFAULT_WRITER_OPTIONS: WriterOptions = {
  maxBatch: 256,
  lingerMs: 0,
  snapshotEvery: 500,
};

/** What the writer holds for a market between batches: no re-reads of it per command. */
export interface Held {
  market: MarketRow;
  runners: RunnerRow[];
  book: ExchangeMarket | null;
  /** Engine sequence of the last saved snapshot (−1: none saved yet). */
  snapshotSeq: number;
  /** Players' positions, open bets and limits, held with the book (EXCHANGE markets). */
  players: LanePlayers;
  /** What the database holds for the book as of this state (EXCHANGE markets with a snapshot; else null). */
  log: BookLog | null;
  /**
   * The market row's and its event names' marks and the names, as a batch under the market's lock
   * last read or wrote them: a one-statement commit (decision 0039) requires them unchanged. Null
   * until read, and whenever the row may have moved in a way the lane did not see.
   */
  marks: { row: string; names: string; eventNames: EventNames | null } | null;
}

/**
 * The book as the database holds it: the last snapshot and the commands logged after it, the very
 * objects this process wrote or read. A lane keeps the last committed one so that a failed batch
 * rebuilds its book in memory (restore + replay, exactly what a read from the database would give)
 * instead of reading and parsing the snapshot again.
 */
export interface BookLog {
  snapshot: MarketSnapshot;
  commands: readonly ExchangeCommand[];
}

/**
 * What a committed batch leaves as the held book log: the snapshot it saved (its commands are in it),
 * or the log it had with the batch's engine commands after it.
 */
export function advanceLog(held: Held, log: readonly ExchangeCommand[], saved: MarketSnapshot | null): void {
  if (saved !== null) {
    held.snapshotSeq = saved.lastSeq;
    held.log = { snapshot: saved, commands: [] };
  } else if (held.log !== null && log.length > 0)
    held.log = { snapshot: held.log.snapshot, commands: [...held.log.commands, ...log] };
}

/**
 * Takes a lane back to its last commit in memory, after a batch whose one statement wrote nothing but
 * found the lane current (decision 0039): the book replayed from the committed log, the players its
 * commands changed let go (read again when needed); the market, runners, marks and cached limits are
 * what the statement found unchanged.
 */
export function restoreCommitted(held: Held, log: BookLog): void {
  held.book = replay(log.snapshot, log.commands);
  held.snapshotSeq = log.snapshot.lastSeq;
  held.log = log;
  held.players.players.clear();
}

/** The engine sequence a book log ends at. */
export function logSeq(log: BookLog): number {
  return log.commands.at(-1)?.seq ?? log.snapshot.lastSeq;
}

/** The snapshot, then every logged command after it through the engine; a gap means the snapshot moved under a read outside the lock. */
function replay(snapshot: MarketSnapshot, commands: readonly ExchangeCommand[]): ExchangeMarket {
  const book = restoreMarket(snapshot);
  for (const command of commands) {
    if (command.seq !== book.lastSeq + 1) throw new SnapshotMoved();
    applyCommand(book, command);
  }
  return book;
}
/** A snapshot moved between the two reads of a rebuild outside the market's lock: read again. */
export class SnapshotMoved extends Error {}

export function marketOf(state: MarketState): MarketRow {
  const { log_seq: _seq, row_mark: _mark, ...market } = state;
  return market;
}

/**
 * Rebuilds a market exactly: the snapshot, then every logged command after it through the engine.
 * `known` is the lane's last committed book log: used, without reading the book, when it ends at the
 * sequence the database holds (`seq`, read under the market's lock or just before a view).
 */
export async function rebuild(
  tx: Queryable,
  market: MarketRow,
  known?: { log: BookLog | null; seq: number },
): Promise<Held & { read: boolean }> {
  const runners = await createSportsRepository(tx).runnersOf([market.id]);
  if (market.type !== 'EXCHANGE')
    return {
      market,
      runners,
      book: null,
      snapshotSeq: 0,
      players: emptyLanePlayers(),
      log: null,
      marks: null,
      read: false,
    };
  if (known !== undefined && known.log !== null && logSeq(known.log) === known.seq) {
    const book = replay(known.log.snapshot, known.log.commands);
    return {
      market,
      runners,
      book,
      snapshotSeq: known.log.snapshot.lastSeq,
      players: emptyLanePlayers(),
      log: known.log,
      marks: null,
      read: false,
    };
  }
  // One statement, so one view of the database: a snapshot saved meanwhile cannot leave a gap.
  const { snapshot, commands } = await createMarketLogRepository(tx).book(market.id);
  if (snapshot === null) {
    const book = createExchangeMarket({
      marketId: market.id,
      runnerIds: runners.map((runner) => runner.id),
      inPlay: market.in_play,
      status: 'open',
    });
    for (const command of commands) {
      if (command.seq !== book.lastSeq + 1) throw new SnapshotMoved();
      applyCommand(book, command);
    }
    return { market, runners, book, snapshotSeq: -1, players: emptyLanePlayers(), log: null, marks: null, read: true };
  }
  const book = replay(snapshot, commands);
  return {
    market,
    runners,
    book,
    snapshotSeq: snapshot.lastSeq,
    players: emptyLanePlayers(),
    log: { snapshot, commands },
    marks: null,
    read: true,
  };
}
