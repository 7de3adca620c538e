import { createExchangeMarket, restoreMarket, snapshotMarket } from '@khel/exchange';
import type { ExchangeMarket } from '@khel/exchange';
import type { Database, Queryable } from '../../db/database.js';
import type { MarketRow, RunnerRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';

export interface MarketContext {
  tx: Queryable;
  market: MarketRow;
  runners: RunnerRow[];
  /** The exchange engine's book (EXCHANGE markets only). Mutate it through applyCommand. */
  book: ExchangeMarket | null;
  /** Set by the caller when the book changed, so its snapshot is saved. */
  bookChanged: boolean;
}

/**
 * Every change to one market runs here, one at a time: an in-process queue per market (no waiting on
 * the database inside one process) plus a transaction-scoped advisory lock (so several processes
 * also take turns). The exchange book is restored from the market row's snapshot, or taken from this
 * process's cache when the row's book version says the cache is current; a change saves the new
 * snapshot with the next version in the same transaction. A failed change drops the cached book.
 */
export function createMarketBooks(db: Database) {
  const cache = new Map<string, { version: number; book: ExchangeMarket }>();
  const queues = new Map<string, Promise<unknown>>();

  function loadBook(market: MarketRow, runners: RunnerRow[]): ExchangeMarket | null {
    if (market.type !== 'EXCHANGE') return null;
    const cached = cache.get(market.id);
    if (cached !== undefined && cached.version === market.book_version) return cached.book;
    if (market.book_snapshot !== null) return restoreMarket(market.book_snapshot);
    return createExchangeMarket({ marketId: market.id, runnerIds: runners.map((runner) => runner.id), inPlay: market.in_play, status: 'open' });
  }

  return {
    /**
     * outerTx: join the caller's transaction (the bet and its idempotency record commit together).
     * The cache is then filled before that commit; if it rolls back, the row keeps its old version tag
     * and the cached entry simply never matches it again.
     */
    async withMarket<T>(marketId: string, fn: (context: MarketContext) => Promise<T>, outerTx?: Queryable): Promise<T> {
      const previous = queues.get(marketId) ?? Promise.resolve();
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const chained = previous.then(() => turn);
      queues.set(marketId, chained);
      await previous.catch(() => undefined);
      let saved: { version: number; book: ExchangeMarket } | null = null;
      try {
        const body = async (tx: Queryable) => {
          const repo = createSportsRepository(tx);
          await repo.lockMarket(marketId);
          const market = await repo.market(marketId);
          if (market === null) throw new MarketNotFound();
          const runners = await repo.runnersOf([marketId]);
          const context: MarketContext = { tx, market, runners, book: loadBook(market, runners), bookChanged: false };
          const value = await fn(context);
          if (context.bookChanged && context.book !== null) {
            // A random tag, not a counter: two processes (or a rolled-back attempt) can never produce the
            // same tag for different books, so a cached book is used only when it is the committed one.
            const version = 1 + Math.floor(Math.random() * 2_000_000_000);
            await repo.saveBook(marketId, snapshotMarket(context.book), version);
            saved = { version, book: context.book };
          }
          return value;
        };
        const result = outerTx === undefined ? await db.transaction(body) : await body(outerTx);
        if (saved !== null) cache.set(marketId, saved);
        return result;
      } catch (error) {
        cache.delete(marketId);
        throw error;
      } finally {
        release();
        if (queues.get(marketId) === chained) queues.delete(marketId);
      }
    },

    /** The cached book for reading depth (may be one change behind another process: a view, not a decision). */
    async peek(market: MarketRow, runners: RunnerRow[]): Promise<ExchangeMarket | null> {
      return loadBook(market, runners);
    },

    forget(marketId: string): void {
      cache.delete(marketId);
    },
  };
}
export type MarketBooks = ReturnType<typeof createMarketBooks>;

export class MarketNotFound extends Error {}
