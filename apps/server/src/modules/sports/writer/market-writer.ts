import type { ExchangeMarket } from '@khel/exchange';
import type { Database, Queryable } from '../../../db/database.js';
import { abortedForTiming, provesRolledBack } from '../../../db/database.js';
import { RetryWithout, runParts } from './lane-batch.js';
import { commitFast, inOneStatement } from './lane-one-statement.js';
import type { Job, Lane, Outcome, Part } from './lane-batch.js';
import { createMarketLogRepository } from './market-log-repository.js';
import { DEFAULT_WRITER_OPTIONS, SnapshotMoved, rebuild } from './market-state.js';
import type { Held, MarketContext, WriterOptions } from './market-state.js';
import type { MarketRow } from '../sports-repository.js';

export { DEFAULT_WRITER_OPTIONS } from './market-state.js';
export type { MarketContext, WriterOptions } from './market-state.js';
export { MarketNotFound } from './lane-batch.js';

function settle(outcomes: Map<Job, Outcome>): void {
  for (const [job, outcome] of outcomes) {
    if ('value' in outcome) job.resolve(outcome.value);
    else job.reject(outcome.error);
  }
}

/** A gathering split by how it commits: the parts one statement can take (same limits mark), then the rest. */
function byPath(parts: readonly Part[]): Part[][] {
  const quick: Part[] = [];
  const slow: Part[] = [];
  let mark: string | null = null;
  for (const part of parts) {
    const limitsMark = inOneStatement(part);
    if (limitsMark !== null && (mark === null || mark === limitsMark)) {
      mark = limitsMark;
      quick.push(part);
    } else slow.push(part);
  }
  return [quick, slow].filter((group) => group.length > 0);
}

/** How many times a batch aborted for its timing (a deadlock) runs again before its commands are refused with the error. */
const TIMING_RETRIES = 3;

/**
 * The sequenced per-market writer (decisions 0027, 0037). Every command on a market enters submit();
 * the market's lane applies them one after another against the state it holds in memory. Lanes with
 * work at the same moment are gathered into ONE transaction (markets in id order); each command's
 * promise settles only after that commit.
 */
export function createMarketWriter(db: Database, options: WriterOptions = DEFAULT_WRITER_OPTIONS) {
  const lanes = new Map<string, Lane>();
  /**
   * Committed transactions (one-statement commits among them) and the commands they carried (group
   * commit's effect), batches that had to rebuild the book first, shared transactions that failed and
   * ran market by market, one-statement attempts redone in a transaction, commands a statement left out
   * for an overdraw, commands run in a caller's transaction (a cash out), gatherings split by path.
   */
  const counts = {
    transactions: 0,
    commands: 0,
    rebuilds: 0,
    splits: 0,
    bookReads: 0,
    oneStatement: 0,
    redone: 0,
    refusedInStatement: 0,
    outer: 0,
    timingRetries: 0,
    /** Gatherings split in two: current lanes' placed bets as one statement, the other lanes in a transaction beside it. */
    splitByPath: 0,
  };
  const ready = new Set<string>();
  let gathering = false;
  const rebuilt = (read: boolean) => {
    counts.rebuilds += 1;
    if (read) counts.bookReads += 1;
  };

  /**
   * One attempt over the parts; settles every command on success. First as one statement when every
   * lane is current (decision 0039); if that wrote nothing, the lanes drop what their commands did to
   * the held state and the batch runs in a transaction, which reads the state and decides as before.
   */
  async function attempt(parts: readonly Part[]): Promise<void> {
    const startedMs = performance.now();
    const fast = await commitFast(db, parts, options.snapshotEvery, counts);
    const committed = fast?.parts ?? parts;
    const outcomes =
      fast?.committed.outcomes ?? (await db.transaction((tx) => runParts(tx, parts, options.snapshotEvery, rebuilt)));
    if (committed.length > 0) {
      if (fast !== null) counts.oneStatement += 1;
      counts.transactions += 1;
      const commands = committed.reduce((sum, part) => sum + part.jobs.length, 0);
      options.onCommitted?.(commands, (performance.now() - startedMs) / 1000, fast !== null);
    }
    for (const part of committed) {
      counts.commands += part.jobs.length;
      part.lane.commits += 1;
      part.lane.committedSeq = part.lane.held?.book?.lastSeq ?? null;
      part.lane.committed = part.lane.held?.log ?? null;
    }
    for (const each of outcomes) settle(each);
    for (const { job, marketId, error } of fast?.dropped ?? []) {
      // Left out by the statement: settled once their batch-mates committed, as RetryWithout's are. The
      // refusal stands only if a statement that committed proved the lane's log current (its engine
      // commands met no other writer's); otherwise the command is decided again in a transaction.
      if (fast?.committed.appended.has(marketId) === true) job.reject(error);
      else {
        const lane = laneOf(marketId);
        lane.queue.unshift({ ...job, transactionOnly: true });
      }
    }
  }

  /**
   * One market's group commit: on a RetryWithout the batch is rolled back, the state rebuilt, and run
   * again without that command. Every command settles only once its batch's final attempt is over (a
   * dropped one too: a retry of it then sees what its batch-mates committed).
   */
  async function runBatch(part: Part): Promise<void> {
    let pending = part.jobs;
    const dropped: { job: Job; error: unknown }[] = [];
    let timingRetries = 0;
    try {
      while (pending.length > 0) {
        try {
          return await attempt([{ ...part, jobs: pending }]);
        } catch (error) {
          part.lane.held = null;
          // Aborted for its timing against another transaction (two lanes moving the same wallets), also when a
          // command's own statement met it (runCommands names that command): run the whole batch again, that command too.
          const timing = abortedForTiming(error) || (error instanceof RetryWithout && abortedForTiming(error.error));
          if (timing && timingRetries < TIMING_RETRIES) {
            timingRetries += 1;
            counts.timingRetries += 1;
            continue;
          }
          if (!(error instanceof RetryWithout)) {
            for (const job of pending) job.reject(error);
            return;
          }
          dropped.push({ job: error.job, error: error.error });
          const without = error.job;
          pending = pending.filter((job) => job !== without);
        }
      }
    } finally {
      for (const { job, error } of dropped) job.reject(error);
    }
  }

  /** Several markets' batches in one transaction; if it fails, each market's batch runs again on its own (the failing command is then left out by its own market alone). */
  async function runShared(parts: readonly Part[]): Promise<void> {
    try {
      await attempt(parts);
    } catch (error) {
      for (const part of parts) part.lane.held = null;
      // Run again market by market only when the failure proves nothing committed; a lost answer may hide a commit.
      if (!(error instanceof RetryWithout) && !provesRolledBack(error)) {
        for (const part of parts) for (const job of part.jobs) job.reject(error);
        return;
      }
      counts.splits += 1;
      await Promise.all(parts.map((part) => runBatch(part)));
    }
  }

  /** A command that must commit with its caller's transaction (an idempotency record, a cash out) runs alone in it. */
  async function runOuter(marketId: string, lane: Lane, job: Job & { outerTx: Queryable }): Promise<void> {
    counts.outer += 1;
    lane.committedSeq = null;
    // Whether the caller's transaction commits is not known here: a later rebuild reads the book.
    lane.committed = null;
    try {
      const outcome = (
        await runParts(job.outerTx, [{ marketId, lane, jobs: [job] }], options.snapshotEvery, rebuilt)
      )[0]?.get(job);
      if (outcome !== undefined && 'value' in outcome) job.resolve(outcome.value);
      else job.reject(outcome?.error);
    } catch (error) {
      lane.held = null;
      job.reject(error instanceof RetryWithout ? error.error : error);
    }
  }

  function schedule(marketId: string, wait: boolean): void {
    ready.add(marketId);
    if (gathering) return;
    gathering = true;
    if (wait && options.lingerMs > 0) setTimeout(gather, options.lingerMs);
    else setImmediate(gather);
  }

  /** After a lane's batch: its next one waits for the next gathering. */
  function next(marketId: string, lane: Lane): void {
    if (lane.queue.length > 0) schedule(marketId, false);
    else lane.running = false;
  }

  /** Takes the head of every ready lane (markets in id order) and commits them together. */
  function gather(): void {
    gathering = false;
    const parts: Part[] = [];
    for (const marketId of [...ready].sort()) {
      const lane = lanes.get(marketId) as Lane;
      const first = lane.queue[0];
      if (first === undefined) {
        lane.running = false;
      } else if (first.outerTx !== undefined) {
        lane.queue.shift();
        void runOuter(marketId, lane, first as Job & { outerTx: Queryable }).finally(() => next(marketId, lane));
      } else {
        let count = 1;
        while (count < options.maxBatch && count < lane.queue.length && lane.queue[count]?.outerTx === undefined)
          count += 1;
        parts.push({ marketId, lane, jobs: lane.queue.splice(0, count) });
      }
    }
    ready.clear();
    // Placed bets on current lanes go as one statement; the rest of the gathering (lanes to read, commands
    // that write for themselves) in one transaction beside it, so one cancel does not take every market there.
    const groups = byPath(parts);
    if (groups.length > 1) counts.splitByPath += 1;
    for (const group of groups) {
      if (group.length > 1)
        void runShared(group).finally(() => {
          for (const part of group) next(part.marketId, part.lane);
        });
      else for (const part of group) void runBatch(part).finally(() => next(part.marketId, part.lane));
    }
  }

  function laneOf(marketId: string): Lane {
    let lane = lanes.get(marketId);
    if (lane === undefined)
      lanes.set(
        marketId,
        (lane = { queue: [], running: false, held: null, commits: 0, committedSeq: null, committed: null }),
      );
    return lane;
  }

  return {
    /** The one entry point of every change to a market. Settles after the command's batch committed (or, with outerTx, after it ran in it). */
    submit<T>(
      marketId: string,
      fn: (context: MarketContext) => Promise<T>,
      outerTx?: Queryable,
      player?: string,
    ): Promise<T> {
      const lane = laneOf(marketId);
      const done = new Promise<T>((resolve, reject) => {
        lane.queue.push({
          fn,
          ...(outerTx === undefined ? {} : { outerTx }),
          ...(player === undefined ? {} : { player }),
          resolve: resolve as (value: unknown) => void,
          reject,
        });
      });
      if (!lane.running) {
        lane.running = true;
        schedule(marketId, true);
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
      if (
        (lane.commits !== commits || lane.running) &&
        lane.held !== null &&
        lane.held.book !== null &&
        lane.held.book.lastSeq > lastSeq
      )
        return lane.held.book;
      let held: Held | null = null;
      for (let attempt = 0; held === null; attempt += 1) {
        try {
          const { read, ...fresh } = await rebuild(db, market, { log: lane.committed, seq: lastSeq });
          if (read) counts.bookReads += 1;
          held = fresh;
        } catch (error) {
          if (!(error instanceof SnapshotMoved) || attempt >= 3) throw error;
        }
      }
      // Kept only if the lane committed nothing meanwhile: else it would hand the next batch an older book to rebuild.
      if (!lane.running && lane.commits === commits) {
        lane.held = held;
        lane.committed = held.log;
      }
      return held.book;
    },

    /** The book as the lane's last group commit left it (mid-batch: what it holds, as peek); null once something else may have moved it. */
    committed(marketId: string): ExchangeMarket | null {
      const lane = lanes.get(marketId);
      const book = lane?.held?.book ?? null;
      if (lane === undefined || book === null) return null;
      return lane.running || book.lastSeq === lane.committedSeq ? book : null;
    },

    counts(): typeof counts {
      return { ...counts };
    },

    /** Drops what this process holds for a market; its next batch rebuilds it from the snapshot and the log. */
    forget(marketId: string): void {
      const lane = lanes.get(marketId);
      if (lane === undefined) return;
      lane.held = null;
      lane.committed = null;
    },
  };
}
export type MarketWriter = ReturnType<typeof createMarketWriter>;
