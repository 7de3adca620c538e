import { applyCommand, snapshotMarket } from '@khel/exchange';
import type { ExchangeCommand } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import { shareCommitHooks } from '../../../db/database.js';
import type { CommandAppend } from './batch-writes-repository.js';
import { createBatchWrites } from './batch-writes.js';
import type { BatchWrites } from './batch-writes.js';
import { createMarketLogRepository } from './market-log-repository.js';
import { advanceLog, marketOf, rebuild, snapshotDue } from './market-state.js';
import type { BookLog, Held, MarketContext } from './market-state.js';
import type { EventNames } from '../sports-repository.js';
import { Refused, writeStaged } from './staged-rows.js';
import type { Op } from './staged-rows.js';
import { isWrite, trackStatements, writesMarketRow } from './tracked-statements.js';

export interface Job {
  fn: (context: MarketContext) => Promise<unknown>;
  outerTx?: Queryable;
  /** The player the command is for: read by its batch with the others before the commands run. */
  player?: string;
  /** Decided in a transaction (its market's state read under the lock), never by a one-statement commit. */
  transactionOnly?: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
export interface Lane {
  queue: Job[];
  /** Scheduled, or a batch of it in flight: its queue waits for that batch. */
  running: boolean;
  held: Held | null;
  /** Batches this lane committed: a view that read the log's sequence while one committed keeps the newer held book. */
  commits: number;
  /** The book as last committed by this lane or read (snapshot + commands after it): a failed batch rebuilds from it in memory. */
  committed: BookLog | null;
  /** The book's last sequence when this lane's last batch committed (null: unknown, e.g. after a command in a caller's transaction). */
  committedSeq: number | null;
}
export type Outcome = { value: unknown } | { error: unknown };
/** One market's share of a transaction: its lane and the commands it runs. */
export interface Part {
  marketId: string;
  lane: Lane;
  jobs: Job[];
}

export class MarketNotFound extends Error {}

/** A command changed what its batch-mates had already built on, or failed in the database: its batch runs again without it. */
export class RetryWithout extends Error {
  constructor(
    readonly job: Job,
    readonly error: unknown,
  ) {
    super('retry the batch without one command');
  }
}

interface Ran {
  part: Part;
  held: Held;
  writes: BatchWrites;
  log: ExchangeCommand[];
  outcomes: Map<Job, Outcome>;
}

/**
 * One transaction's work on one or more markets (decisions 0027, 0037): the markets' locks in id
 * order and their state in two statements, each market's commands in sequence against what its lane
 * holds, then every market's staged rows and engine commands together. Throws RetryWithout naming the
 * command to leave out; answers each command's outcome (a command failing alone does not throw).
 */
export async function runParts(
  tx: Queryable,
  parts: readonly Part[],
  snapshotEvery: number,
  onRebuild: (read: boolean) => void,
): Promise<Map<Job, Outcome>[]> {
  const repo = createMarketLogRepository(tx);
  const ids = parts.map((part) => part.marketId);
  await repo.lockAll(ids);
  const states = await repo.states(ids);
  const ran: Ran[] = [];
  const ordered: Job[] = [];
  const missing: Map<Job, Outcome>[] = [];
  for (const part of parts) {
    const state = states.get(part.marketId);
    // No such market: its commands are refused alone, the other markets of the transaction go on.
    if (state === undefined) {
      missing.push(new Map(part.jobs.map((job) => [job, { error: new MarketNotFound() }])));
      continue;
    }
    const { limits_mark: limitsMark, event_names: eventNames, names_mark: namesMark, ...market } = state;
    let held = part.lane.held;
    // Another process (or a rolled-back outer transaction) moved the book: rebuild it.
    if (held === null || (held.book !== null && held.book.lastSeq !== market.log_seq)) {
      // From the lane's committed book log when it ends at the database's sequence, else read (under the lock: what the database holds whether or not this attempt commits).
      const { read, ...rebuilt } = await rebuild(tx, marketOf(market), {
        log: part.lane.committed,
        seq: market.log_seq,
      });
      onRebuild(read);
      held = part.lane.held = rebuilt;
      part.lane.committed = rebuilt.log;
    } else held.market = marketOf(market);
    held.marks = { row: market.row_mark, names: namesMark, eventNames };
    const writes = createBatchWrites(
      tx,
      { row: held.market, runnerIds: held.runners.map((runner) => runner.id) },
      held.players,
      { ordBase: ordered.length, limitsMark },
    );
    ordered.push(...part.jobs);
    ran.push({ part, held, writes, ...(await runCommands(tx, part, held, writes, ordered, eventNames)) });
  }
  const jobAt = (ord: number) => ordered[ord] as Job;
  const staged: Op[] = [];
  const commands: CommandAppend[] = [];
  for (const { part, writes, log } of ran) {
    staged.push(...writes.take());
    commands.push(...log.map((command) => ({ marketId: part.marketId, seq: command.seq, command })));
  }
  try {
    await writeStaged(tx, staged, commands);
  } catch (error) {
    if (error instanceof Refused) throw new RetryWithout(jobAt(error.ord), error.reason);
    throw error;
  }
  for (const { part, held, log } of ran) {
    const snapshot = held.book !== null && snapshotDue(held, snapshotEvery) ? snapshotMarket(held.book) : null;
    if (snapshot !== null) {
      const rowMark = await repo.saveSnapshot(part.marketId, snapshot);
      held.marks = held.marks === null || rowMark === null ? null : { ...held.marks, row: rowMark };
    }
    advanceLog(held, log, snapshot);
  }
  return [...ran.map((entry) => entry.outcomes), ...missing];
}

/** The offer id of `rowsChanged`: never a bet's (a UUID) nor the house's (`house:…`). */
const ROWS_CHANGED_OFFER = 'writer:rows-changed';

/**
 * The engine command a command logs when it wrote players' rows of an exchange market outside the book
 * and applied no engine command itself: a cancel of an offer that never rests, which the engine refuses
 * (OFFER_NOT_OPEN, MAT-7) and which changes nothing in the book or its replay, but takes the next
 * sequence, so the market's log tells every other process's lane that what it holds may be stale.
 */
function rowsChanged(seq: number): ExchangeCommand {
  return { type: 'cancel', seq, timeMs: 0, offerId: ROWS_CHANGED_OFFER, ownerId: ROWS_CHANGED_OFFER };
}

/**
 * Runs one market's commands in order against what its lane holds (`all`: every command of the
 * transaction so far, by place); answers their outcomes and the engine commands applied. `tx` is the
 * transaction's, or in a one-statement commit (decision 0039) a handle that reads and refuses writes.
 */
export async function runCommands(
  tx: Queryable,
  part: Part,
  held: Held,
  writes: BatchWrites,
  all: readonly Job[],
  eventNames: EventNames | null,
): Promise<{ outcomes: Map<Job, Outcome>; log: ExchangeCommand[] }> {
  const log: ExchangeCommand[] = [];
  const outcomes = new Map<Job, Outcome>();
  // A house lane (bookmaker, fancy: no book) has no command log to tell it another process wrote its players' rows: read afresh each batch.
  if (held.book === null) held.players.players.clear();
  // The players the commands are for, read for the batch in a few statements rather than a few each.
  const players = part.jobs.flatMap((job) => (job.player === undefined ? [] : [job.player]));
  await writes.readPlayers(players);
  // And their limit rules on this market (decision 0075): what each placed bet is checked against.
  await writes.readLimits(players);
  for (const [index, job] of part.jobs.entries()) {
    const statements = trackStatements(tx);
    writes.begin(index);
    let mutated = false;
    // A statement of the command's own writes the batch's deferred rows first, so it sees its batch-mates.
    let ownWrites = 0;
    // Of them, those to rows other than the market's (whose mark already tells other processes).
    let rowWrites = 0;
    const own: Queryable = {
      async query(sql, params, name) {
        await writes.flush();
        if (isWrite(sql)) {
          ownWrites += 1;
          if (!writesMarketRow(sql)) rowWrites += 1;
        }
        return statements.tx.query(sql, params, name);
      },
      async exec(sql) {
        await writes.flush();
        ownWrites += 1;
        rowWrites += 1;
        await statements.tx.exec(sql);
      },
    };
    shareCommitHooks(statements.tx, own);
    const context: MarketContext = {
      tx: own,
      // Placed bets stage their rows here, on every kind of market (an exchange's book, the house's quotes).
      batch: { writes, direct: statements.tx },
      market: held.market,
      runners: held.runners,
      book: held.book,
      bookChanged: false,
      eventNames,
      apply(command) {
        if (held.book === null) throw new Error('no book on this market');
        const fresh = command.seq > held.book.lastSeq;
        const events = applyCommand(held.book, command);
        if (fresh) log.push(command);
        if (events.some((event) => event.type !== 'rejected')) mutated = true;
        return events;
      },
    };
    const logged = log.length;
    try {
      outcomes.set(job, { value: await job.fn(context) });
      if (ownWrites > 0) {
        writes.forgetPlayers();
        // Rows of the book's players written outside the book (a void, a delayed bet's lapse or withdrawal)
        // with no engine command: the log moves anyway, so every other process's lane holding this
        // market's players reads them again (a rebuild in a transaction; a one-statement commit finds its
        // lane behind the log), as it does after any command it did not write. A write to the market row
        // alone (a house quote's id) changes the row's mark instead.
        if (held.book !== null && rowWrites > 0 && log.length === logged)
          context.apply(rowsChanged(held.book.lastSeq + 1));
      }
      // Writing the staged rows failed under this command (which may have caught it): the attempt is over.
      if (writes.failure !== null) throw writes.failure;
    } catch (error) {
      const failure = writes.failure ?? error;
      // A batch-mate before it was refused when the staged rows were written (an overdraw, a duplicate key).
      if (failure instanceof Refused) throw new RetryWithout(all[failure.ord] as Job, failure.reason);
      if (writes.failure !== null) throw failure;
      // Refused before it wrote anything or moved the book: it fails alone, its batch-mates go on.
      if (statements.writes > 0 || statements.failed || mutated || writes.wroteOwn())
        throw new RetryWithout(job, error);
      writes.undo();
      outcomes.set(job, { error });
    }
    if (statements.marketWritten) {
      const state = await createMarketLogRepository(tx).state(part.marketId);
      if (state !== null) held.market = marketOf(state);
      held.marks = state === null || held.marks === null ? null : { ...held.marks, row: state.row_mark };
    }
  }
  return { outcomes, log };
}
