import { applyCommand, snapshotMarket } from '@khel/exchange';
import type { ExchangeCommand, ExchangeMarket } from '@khel/exchange';
import type { Database, Queryable } from '../../db/database.js';
import { shareCommitHooks } from '../../db/database.js';
import { Refused, createBatchWrites } from './batch-writes.js';
import { createMarketLogRepository } from './market-log-repository.js';
import { DEFAULT_WRITER_OPTIONS, SnapshotMoved, marketOf, rebuild } from './market-state.js';
import type { Held, MarketContext, WriterOptions } from './market-state.js';
import type { MarketRow } from './sports-repository.js';
import { trackStatements } from './tracked-statements.js';

export { DEFAULT_WRITER_OPTIONS } from './market-state.js';
export type { MarketContext, WriterOptions } from './market-state.js';

type Command = (context: MarketContext) => Promise<unknown>;
interface Job {
  fn: Command;
  outerTx?: Queryable;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
interface Lane {
  queue: Job[];
  running: boolean;
  held: Held | null;
  /** Batches this lane committed: a view that read the log's sequence while one committed keeps the newer held book. */
  commits: number;
  /** The book's last sequence when this lane's last batch committed (null: unknown, e.g. after a command in a caller's transaction). */
  committedSeq: number | null;
}

export class MarketNotFound extends Error {}

/** A command changed what its batch-mates had already built on, or failed in the database: its batch runs again without it. */
class RetryWithout extends Error {
  constructor(
    readonly job: Job,
    readonly error: unknown,
  ) {
    super('retry the batch without one command');
  }
}


/**
 * The sequenced per-market writer (decision 0027). Every command on a market enters submit(); the
 * market's lane applies them one after another against the state it holds in memory and commits a
 * whole batch in one transaction; each command's promise settles only after that commit.
 */
export function createMarketWriter(db: Database, options: WriterOptions = DEFAULT_WRITER_OPTIONS) {
  const lanes = new Map<string, Lane>();
  /** Committed transactions and the commands they carried (group commit's effect), and batches that had to rebuild the book first (read by tests and benchmarks). */
  const counts = { transactions: 0, commands: 0, rebuilds: 0 };

  /** Takes the market's lock for this transaction and makes sure what the lane holds is what was committed. */
  async function prepare(tx: Queryable, marketId: string, lane: Lane): Promise<Held> {
    const log = createMarketLogRepository(tx);
    await log.lock(marketId);
    const state = await log.state(marketId);
    if (state === null) throw new MarketNotFound();
    const held = lane.held;
    // Another process (or a rolled-back outer transaction) moved the book: rebuild it.
    if (held === null || (held.book !== null && held.book.lastSeq !== state.log_seq)) {
      counts.rebuilds += 1;
      return (lane.held = await rebuild(tx, marketOf(state)));
    }
    held.market = marketOf(state);
    return held;
  }

  /** Runs commands against the held state inside tx; answers each one's outcome (a command failing alone does not throw). */
  async function runIn(tx: Queryable, marketId: string, lane: Lane, jobs: readonly Job[]): Promise<Map<Job, { value: unknown } | { error: unknown }>> {
    const held = await prepare(tx, marketId, lane);
    const log: ExchangeCommand[] = [];
    const outcomes = new Map<Job, { value: unknown } | { error: unknown }>();
    const writes = createBatchWrites(tx, marketId, held.players);
    for (const [index, job] of jobs.entries()) {
      const statements = trackStatements(tx);
      writes.begin(index);
      let mutated = false;
      // A statement of the command's own writes the batch's deferred rows first, so it sees its batch-mates.
      let ownWrites = 0;
      const own: Queryable = {
        async query(sql, params, name) {
          await writes.flush();
          if (!/^\s*select\b/i.test(sql)) ownWrites += 1;
          return statements.tx.query(sql, params, name);
        },
        async exec(sql) {
          await writes.flush();
          ownWrites += 1;
          await statements.tx.exec(sql);
        },
      };
      shareCommitHooks(statements.tx, own);
      const context: MarketContext = {
        tx: own,
        batch: held.book === null ? null : { writes, direct: statements.tx },
        market: held.market,
        runners: held.runners,
        book: held.book,
        bookChanged: false,
        apply(command) {
          if (held.book === null) throw new Error('no book on this market');
          const fresh = command.seq > held.book.lastSeq;
          const events = applyCommand(held.book, command);
          if (fresh) log.push(command);
          if (events.some((event) => event.type !== 'rejected')) mutated = true;
          return events;
        },
      };
      try {
        outcomes.set(job, { value: await job.fn(context) });
        if (ownWrites > 0) writes.forgetPlayers();
        // Writing the staged rows failed under this command (which may have caught it): the attempt is over.
        if (writes.failure !== null) throw writes.failure;
      } catch (error) {
        const failure = writes.failure ?? error;
        // A batch-mate before it was refused when the staged rows were written (an overdraw, a duplicate key).
        if (failure instanceof Refused) throw new RetryWithout(jobs[failure.ord] as Job, failure.reason);
        if (writes.failure !== null) throw failure;
        // Refused before it wrote anything or moved the book: it fails alone, its batch-mates go on.
        if (statements.writes > 0 || statements.failed || mutated || writes.wroteOwn()) throw new RetryWithout(job, error);
        writes.undo();
        outcomes.set(job, { error });
      }
      if (statements.marketWritten) {
        const state = await createMarketLogRepository(tx).state(marketId);
        if (state !== null) held.market = marketOf(state);
      }
    }
    try {
      await writes.flush();
    } catch (error) {
      if (error instanceof Refused) throw new RetryWithout(jobs[error.ord] as Job, error.reason);
      throw error;
    }
    const repo = createMarketLogRepository(tx);
    await repo.append(marketId, log);
    if (held.book !== null && (held.snapshotSeq < 0 || held.book.lastSeq - held.snapshotSeq >= options.snapshotEvery)) {
      await repo.saveSnapshot(marketId, snapshotMarket(held.book));
      held.snapshotSeq = held.book.lastSeq;
    }
    return outcomes;
  }

  /**
   * One group commit: on a RetryWithout the batch is rolled back, the state rebuilt, and run again
   * without that command. Every command settles only once its batch's final attempt is over (a
   * dropped one too: a retry of it then sees what its batch-mates committed).
   */
  async function runBatch(marketId: string, lane: Lane, jobs: Job[]): Promise<void> {
    let pending = jobs;
    const dropped: { job: Job; error: unknown }[] = [];
    try {
      while (pending.length > 0) {
        try {
          const outcomes = await db.transaction((tx) => runIn(tx, marketId, lane, pending));
          counts.transactions += 1;
          counts.commands += pending.length;
          lane.commits += 1;
          lane.committedSeq = lane.held?.book?.lastSeq ?? null;
          for (const [job, outcome] of outcomes) {
            if ('value' in outcome) job.resolve(outcome.value);
            else job.reject(outcome.error);
          }
          return;
        } catch (error) {
          lane.held = null;
          if (!(error instanceof RetryWithout)) {
            for (const job of pending) job.reject(error);
            return;
          }
          dropped.push({ job: error.job, error: error.error });
          pending = pending.filter((job) => job !== error.job);
        }
      }
    } finally {
      for (const { job, error } of dropped) job.reject(error);
    }
  }

  /** A command that must commit with its caller's transaction (an idempotency record, a cash out) runs alone in it. */
  async function runOuter(marketId: string, lane: Lane, job: Job & { outerTx: Queryable }): Promise<void> {
    lane.committedSeq = null;
    try {
      const outcome = (await runIn(job.outerTx, marketId, lane, [job])).get(job);
      if (outcome !== undefined && 'value' in outcome) job.resolve(outcome.value);
      else job.reject(outcome?.error);
    } catch (error) {
      lane.held = null;
      job.reject(error instanceof RetryWithout ? error.error : error);
    }
  }

  async function drain(marketId: string, lane: Lane): Promise<void> {
    try {
      while (lane.queue.length > 0) {
        const first = lane.queue[0] as Job;
        if (first.outerTx !== undefined) {
          lane.queue.shift();
          await runOuter(marketId, lane, first as Job & { outerTx: Queryable });
          continue;
        }
        let count = 1;
        while (count < options.maxBatch && count < lane.queue.length && lane.queue[count]?.outerTx === undefined) count += 1;
        await runBatch(marketId, lane, lane.queue.splice(0, count));
      }
    } finally {
      lane.running = false;
    }
  }

  function laneOf(marketId: string): Lane {
    let lane = lanes.get(marketId);
    if (lane === undefined) lanes.set(marketId, (lane = { queue: [], running: false, held: null, commits: 0, committedSeq: null }));
    return lane;
  }

  return {
    /** The one entry point of every change to a market. Settles after the command's batch committed (or, with outerTx, after it ran in it). */
    submit<T>(marketId: string, fn: (context: MarketContext) => Promise<T>, outerTx?: Queryable): Promise<T> {
      const lane = laneOf(marketId);
      const done = new Promise<T>((resolve, reject) => {
        lane.queue.push({ fn, ...(outerTx === undefined ? {} : { outerTx }), resolve: resolve as (value: unknown) => void, reject });
      });
      if (!lane.running) {
        lane.running = true;
        const start = () => void drain(marketId, lane);
        if (options.lingerMs > 0) setTimeout(start, options.lingerMs);
        else setImmediate(start);
      }
      return done;
    },

    /**
     * The book for views (depth, quotes): what this lane holds while it is current (checked against the
     * log's last sequence, one indexed read; mid-batch the lane's own state), else rebuilt from the
     * database and kept for the next view and the next batch (which checks it again before writing).
     */
    async peek(market: MarketRow): Promise<ExchangeMarket | null> {
      if (market.type !== 'EXCHANGE') return null;
      const lane = laneOf(market.id);
      if (lane.held !== null && lane.running) return lane.held.book;
      const commits = lane.commits;
      const lastSeq = (await createMarketLogRepository(db).lastSeq(market.id)) ?? 0;
      if (lane.held !== null && lane.held.book !== null && lane.held.book.lastSeq === lastSeq) return lane.held.book;
      // This lane committed, or began a batch, while the sequence was being read: what it holds is newer.
      if ((lane.commits !== commits || lane.running) && lane.held !== null && lane.held.book !== null && lane.held.book.lastSeq > lastSeq) return lane.held.book;
      let held: Held | null = null;
      for (let attempt = 0; held === null; attempt += 1) {
        try {
          held = await rebuild(db, market);
        } catch (error) {
          if (!(error instanceof SnapshotMoved) || attempt >= 3) throw error;
        }
      }
      // Kept only if the lane committed nothing meanwhile: else it would hand the next batch an older book to rebuild.
      if (!lane.running && lane.commits === commits) lane.held = held;
      return held.book;
    },

    /** The book as the lane's last group commit left it (mid-batch: what it holds, as peek); null once something else may have moved it. */
    committed(marketId: string): ExchangeMarket | null {
      const lane = lanes.get(marketId);
      const book = lane?.held?.book ?? null;
      if (lane === undefined || book === null) return null;
      return lane.running || book.lastSeq === lane.committedSeq ? book : null;
    },

    counts(): { transactions: number; commands: number; rebuilds: number } {
      return { ...counts };
    },

    /** Drops what this process holds for a market; its next batch rebuilds it from the snapshot and the log. */
    forget(marketId: string): void {
      const lane = lanes.get(marketId);
      if (lane !== undefined) lane.held = null;
    },
  };
}
export type MarketWriter = ReturnType<typeof createMarketWriter>;
