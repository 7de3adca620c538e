import { applyCommand, createExchangeMarket, restoreMarket } from '@khel/exchange';
import type { ExchangeCommand, ExchangeEvent, ExchangeMarket } from '@khel/exchange';
import type { Queryable } from '../../db/database.js';
import { emptyLanePlayers } from './batch-writes.js';
import type { BatchWrites, LanePlayers } from './batch-writes.js';
import { createMarketLogRepository } from './market-log-repository.js';
import type { MarketState } from './market-log-repository.js';
import type { MarketRow, RunnerRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';

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
}

export interface WriterOptions {
  /** Most commands committed in one transaction. 1 turns group commit off (the differential test's reference). */
  maxBatch: number;
  /** How long the first command of a batch waits for company; 0 = the next turn of the event loop. */
  lingerMs: number;
  /** Engine commands between two book snapshots. */
  snapshotEvery: number;
  /** Lanes with work at the same moment commit in one transaction (decision 0037); false: each market's batch in its own. */
  sharedCommit: boolean;
}

export const DEFAULT_WRITER_OPTIONS: WriterOptions = { maxBatch: 256, lingerMs: 0, snapshotEvery: 500, sharedCommit: true };

/** What the writer holds for a market between batches: no re-reads of it per command. */
export interface Held {
  market: MarketRow;
  runners: RunnerRow[];
  book: ExchangeMarket | null;
  /** Engine sequence of the last saved snapshot (−1: none saved yet). */
  snapshotSeq: number;
  /** Players' positions, open bets and limits, held with the book (EXCHANGE markets). */
  players: LanePlayers;
}
/** A snapshot moved between the two reads of a rebuild outside the market's lock: read again. */
export class SnapshotMoved extends Error {}

export function marketOf(state: MarketState): MarketRow {
  const { log_seq: _seq, ...market } = state;
  return market;
}

/** Rebuilds a market exactly: the snapshot, then every logged command after it through the engine. */
export async function rebuild(tx: Queryable, market: MarketRow): Promise<Held> {
  const runners = await createSportsRepository(tx).runnersOf([market.id]);
  if (market.type !== 'EXCHANGE') return { market, runners, book: null, snapshotSeq: 0, players: emptyLanePlayers() };
  const log = createMarketLogRepository(tx);
  const { snapshot, seq } = await log.snapshot(market.id);
  const book =
    snapshot === null ? createExchangeMarket({ marketId: market.id, runnerIds: runners.map((runner) => runner.id), inPlay: market.in_play, status: 'open' }) : restoreMarket(snapshot);
  // Logged sequences are contiguous; a gap means a snapshot moved between the two reads (a view outside the lock).
  for (const command of await log.commandsAfter(market.id, book.lastSeq)) {
    if (command.seq !== book.lastSeq + 1) throw new SnapshotMoved();
    applyCommand(book, command);
  }
  return { market, runners, book, snapshotSeq: snapshot === null ? -1 : seq, players: emptyLanePlayers() };
}

