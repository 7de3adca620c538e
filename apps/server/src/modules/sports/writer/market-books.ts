import type { ExchangeMarket } from '@khel/exchange';
import type { Database, Queryable } from '../../../db/database.js';
import type { MarketContext, WriterOptions } from './market-writer.js';
import { DEFAULT_WRITER_OPTIONS, createMarketWriter } from './market-writer.js';
import type { MarketRow } from '../sports-repository.js';

export type { MarketContext } from './market-writer.js';
export { MarketNotFound } from './market-writer.js';

/**
 * Every change to one market runs here: the market's sequenced writer (decision 0027) applies
 * commands one after another against the market, runners and book it holds in memory, and commits
 * many commands in one transaction (group commit). The book is persisted as a command log plus a
 * periodic snapshot, never rewritten whole per bet; a transaction-scoped advisory lock per batch
 * keeps several processes taking turns, and a process whose held book is behind the log rebuilds it.
 * With Redis, every command that changes a market reaches only the market's lease owner (decision
 * 0034 and its addendum), so that check is a safety net for lost leases, not the common path.
 */
export function createMarketBooks(db: Database, options: Partial<WriterOptions> = {}) {
  const writer = createMarketWriter(db, { ...DEFAULT_WRITER_OPTIONS, ...options });
  return {
    /**
     * outerTx: run in the caller's transaction (a cash out and its idempotency record commit
     * together); such a command runs alone, and the next batch checks the log to see whether it committed.
     * player: the player the command is for, whom its batch then reads with its batch-mates' players at once.
     */
    withMarket<T>(
      marketId: string,
      fn: (context: MarketContext) => Promise<T>,
      outerTx?: Queryable,
      player?: string,
    ): Promise<T> {
      return writer.submit(marketId, fn, outerTx, player);
    },

    /** The book for reading depth (may be one change behind another process: a view, not a decision). */
    async peek(market: MarketRow): Promise<ExchangeMarket | null> {
      return writer.peek(market);
    },

    /** The book as this process's last group commit on the market left it, while nothing moved it since (no read); else null. */
    committed(marketId: string): ExchangeMarket | null {
      return writer.committed(marketId);
    },

    /** Group commits so far: transactions committed (one-statement commits among them), the commands they carried, batches that rebuilt the book first, shared transactions split by a failure, one-statement attempts redone; commands run in a caller's transaction. */
    counts(): ReturnType<typeof writer.counts> {
      return writer.counts();
    },

    forget(marketId: string): void {
      writer.forget(marketId);
    },
  };
}
export type MarketBooks = ReturnType<typeof createMarketBooks>;
