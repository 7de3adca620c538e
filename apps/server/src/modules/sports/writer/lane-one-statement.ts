import type { Queryable } from '../../../db/database.js';
import { deferredCommitHooks, provesRolledBack, shareCommitHooks } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { HttpError } from '../../../lib/http-error.js';
import type { ExchangeCommand } from '@khel/exchange';
import { createBatchWrites } from './batch-writes.js';
import { runCommands } from './lane-batch.js';
import type { Job, Outcome, Part } from './lane-batch.js';
import { createLaneCommitRepository } from './lane-commit-repository.js';
import type { HeldMarks } from './market-log-repository.js';
import { snapshotMarket } from '@khel/exchange';
import { advanceLog, restoreCommitted, snapshotDue } from './market-state.js';
import type { BookLog, Held } from './market-state.js';
import { groupStaged } from './staged-rows.js';
import type { Op } from './staged-rows.js';

/** The first command, in the batch's order, whose exposure would overdraw a wallet (PRODUCT.md §4), and its refusal. */
export interface OverdrawnBy {
  job: Job;
  marketId: string;
  error: unknown;
}

/** What one statement committed: each part's outcomes, and the markets it appended engine commands for. */
export interface Committed {
  outcomes: Map<Job, Outcome>[];
  appended: Set<string>;
}

/** The statement's answer was lost with its connection: whether it committed is not known. */
export class OutcomeUnknown extends HttpError {
  constructor(cause: unknown) {
    // A 503 ("try again"): the player app's retry carries the same Idempotency-Key, so a bet that did go in is answered, not placed again.
    super(503, 'INTERNAL', 'We could not confirm your bet, please try again');
    this.cause = cause;
  }
}

/** A statement that writes, or locks, reached the database from a command of a one-statement commit: its batch takes a transaction. */
export class NeedsTransaction extends Error {
  constructor() {
    super('this batch writes for itself: it commits in a transaction');
  }
}

const WRITES = /\b(insert|update|delete|merge|pg_advisory\w*)\b/i;

/**
 * A handle on the database that lets a one-statement batch's commands read (players the lane does
 * not hold yet, their limits, account ids: committed rows only this lane writes, checked again by the
 * commit) and refuses anything that writes or locks, so a command that needs a transaction (a delayed
 * bet, a cancel, a staged flush) sends its batch down the transaction path instead.
 */
function readsOnly(db: Queryable): { q: Queryable; refused: () => boolean } {
  let refused = false;
  const refuse = (): never => {
    refused = true;
    throw new NeedsTransaction();
  };
  return {
    q: {
      query: (sql, params, name) => (WRITES.test(sql) ? refuse() : db.query(sql, params, name)),
      exec: () => refuse(),
    },
    refused: () => refused,
  };
}

/** The lane's held marks, when it may commit without reading its state first (decision 0039). */
function marksOf(part: Part): { held: Held; marks: HeldMarks; limitsMark: string } | null {
  const { lane, jobs } = part;
  const held = lane.held;
  if (held === null || held.book === null || held.marks === null || held.players.limitsMark === null) return null;
  // Current as this lane last committed it (not after a caller's transaction, whose outcome it cannot know).
  if (lane.committedSeq !== held.book.lastSeq) return null;
  // An in-play delay writes its pending bets itself.
  if (held.market.in_play && held.market.bet_delay_seconds > 0) return null;
  // Placed bets only (they name their player); anything else writes for itself.
  if (!jobs.every((job) => job.player !== undefined && job.outerTx === undefined && job.transactionOnly !== true))
    return null;
  return {
    held,
    marks: {
      marketId: part.marketId,
      rowMark: held.marks.row,
      namesMark: held.marks.names,
      logSeq: held.book.lastSeq,
    },
    limitsMark: held.players.limitsMark,
  };
}

/** The limits mark a part would commit under in one statement, or null when it must take a transaction. */
export function inOneStatement(part: Part): string | null {
  return marksOf(part)?.limitsMark ?? null;
}

/**
 * A group commit in ONE statement and no transaction around it (decision 0039): the commands run
 * against what the lanes hold, as in runParts, without reading the markets' state first; then one
 * statement takes the markets' locks, finds the held state current, checks the wallets and writes
 * everything, or nothing. Answers 'not ready' when a lane cannot commit so (nothing ran); the command
 * that would overdraw a wallet when the lanes were current and that alone stopped it (nothing was
 * written); and 'redo' when it wrote nothing for any other reason (a lane behind the database, a
 * command that writes for itself, a key stored before, any failure): the caller then drops what the
 * lanes hold and runs the batch through the transaction path, which decides exactly as before.
 */
export async function commitInOneStatement(
  db: Queryable,
  parts: readonly Part[],
  snapshotEvery: number,
): Promise<Committed | 'not ready' | 'redo' | OverdrawnBy | OutcomeUnknown> {
  const ready = parts.map((part) => marksOf(part));
  const limitsMark = ready[0]?.limitsMark;
  if (ready.some((entry) => entry === null || entry.limitsMark !== limitsMark) || limitsMark === undefined)
    return 'not ready';
  const hooks = deferredCommitHooks(db);
  const reader = readsOnly(hooks.handle);
  // What a command registers after commit through its handle waits for the statement too.
  shareCommitHooks(hooks.handle, reader.q);
  try {
    const ordered: Job[] = [];
    const ran: { part: Part; held: Held; staged: Op[]; log: ExchangeCommand[]; outcomes: Map<Job, Outcome> }[] = [];
    for (const [index, part] of parts.entries()) {
      const { held } = ready[index] as { held: Held };
      const writes = createBatchWrites(
        reader.q,
        { row: held.market, runnerIds: held.runners.map((runner) => runner.id) },
        held.players,
        { ordBase: ordered.length, limitsMark },
      );
      ordered.push(...part.jobs);
      const { outcomes, log } = await runCommands(
        reader.q,
        part,
        held,
        writes,
        ordered,
        held.marks?.eventNames ?? null,
      );
      ran.push({ part, held, staged: writes.take(), log, outcomes });
    }
    if (reader.refused()) return 'redo';
    const { inserted, updated, fills, exposures, moves, mover, joined } = groupStaged(
      ran.flatMap((entry) => entry.staged),
    );
    // One kind of joined row (the idempotency answers) is all the statement has a place for.
    if (joined.size > 1) return 'redo';
    const [inserter, rows] = [...joined][0] ?? [null, []];
    // A book due a snapshot saves it in the same statement, as the transaction path does after its rows.
    const snapshots = ran.flatMap(({ part, held }) =>
      held.book !== null && snapshotDue(held, snapshotEvery)
        ? [{ marketId: part.marketId, snapshot: snapshotMarket(held.book) }]
        : [],
    );
    const sent = createLaneCommitRepository(hooks.handle).commit({
      marks: ready.map((entry) => (entry as { marks: HeldMarks }).marks),
      limitsMark,
      wallet: mover === null ? null : (first) => mover.part(reader.q, moves, first),
      joined:
        inserter === null
          ? null
          : (first, when) => inserter.statement(rows.map((op) => op.row) as never[], first, when),
      rows: {
        bets: inserted,
        updates: updated,
        fills,
        exposures,
        commands: ran.flatMap(({ part, log }) =>
          log.map((command) => ({ marketId: part.marketId, seq: command.seq, command })),
        ),
      },
      snapshots,
    });
    // An answer lost with the connection: the statement may have committed. Nothing may run it again.
    const result = await sent.catch((error: unknown) => {
      throw provesRolledBack(error) ? error : new OutcomeUnknown(error);
    });
    // The lanes were current and one command would overdraw a wallet: the caller may leave it out and try again.
    const overdrawn = result.refused === null ? undefined : ordered[result.refused];
    if (!result.committed && result.current && overdrawn !== undefined) {
      const marketId = parts.find((part) => part.jobs.includes(overdrawn))?.marketId as string;
      return { job: overdrawn, marketId, error: new AppError('WALLET_INSUFFICIENT_FUNDS') };
    }
    if (!result.committed) return 'redo';
    result.wallet?.committed(hooks.handle, result.walletFigures);
    hooks.commit();
    for (const { part, held, log } of ran) {
      const saved = snapshots.find((entry) => entry.marketId === part.marketId)?.snapshot ?? null;
      const rowMark = result.rowMarks.get(part.marketId);
      // The saved snapshot changed the market row: its new mark is this statement's.
      if (saved !== null)
        held.marks = held.marks === null || rowMark === undefined ? null : { ...held.marks, row: rowMark };
      advanceLog(held, log, saved);
    }
    return {
      outcomes: ran.map((entry) => entry.outcomes),
      appended: new Set(ran.filter((entry) => entry.log.length > 0).map((entry) => entry.part.marketId)),
    };
  } catch (error) {
    if (error instanceof OutcomeUnknown) return error;
    // A command that needs a transaction, a batch-mate's refusal that moved the lane, the statement's
    // raise (a key or a command sequence stored before, a CHECK): nothing was written; the transaction
    // path runs the batch again and decides.
    return 'redo';
  } finally {
    hooks.discard();
  }
}

/**
 * A batch as one statement (decision 0039), answering what it committed, or null when it did not (the
 * lanes then hold what the transaction path must read again, or nothing). A command that would
 * overdraw a wallet on current lanes is left out, the lanes taken back to their last commit in memory,
 * and the statement tried again without it: what the transaction path's RetryWithout does, without
 * the transaction. A lost answer throws OutcomeUnknown: nothing may run the batch again.
 */
export async function commitFast(
  db: Queryable,
  parts: readonly Part[],
  snapshotEvery: number,
  counts: { redone: number; refusedInStatement: number },
): Promise<{ parts: readonly Part[]; committed: Committed; dropped: OverdrawnBy[] } | null> {
  let pending = parts;
  const dropped: OverdrawnBy[] = [];
  for (;;) {
    if (pending.length === 0) return { parts: pending, committed: { outcomes: [], appended: new Set() }, dropped };
    const result = await commitInOneStatement(db, pending, snapshotEvery);
    if (result === 'not ready') return null;
    if (result instanceof OutcomeUnknown) {
      for (const part of parts) part.lane.held = null;
      for (const { job } of dropped) job.reject(result);
      throw result;
    }
    if (result !== 'redo' && 'outcomes' in result) return { parts: pending, committed: result, dropped };
    const restored =
      result !== 'redo' && pending.every((part) => part.lane.held !== null && part.lane.committed !== null);
    if (!restored) {
      counts.redone += 1;
      for (const part of parts) part.lane.held = null;
      return null;
    }
    counts.refusedInStatement += 1;
    for (const part of pending) restoreCommitted(part.lane.held as Held, part.lane.committed as BookLog);
    dropped.push(result);
    pending = pending
      .map((part) => ({ ...part, jobs: part.jobs.filter((job) => job !== result.job) }))
      .filter((part) => part.jobs.length > 0);
  }
}
