import type { Queryable } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { createBatchWritesRepository } from './batch-writes-repository.js';
import type { CommandAppend, ExposureUpsert, FillInsert } from './batch-writes-repository.js';
import type { BetRow } from '../sports-repository.js';
import type { ExposureMovesPart } from '../../wallet/wallet-service.js';

export interface WalletMove {
  userId: string;
  wallet: 'main' | 'bonus';
  deltaPaise: number;
  /** The command's place in its transaction (its lane's base plus its place in the lane's batch). */
  ord: number;
}
/** Moves a batch's wallet exposures; answers the first command that would overdraw (then nothing moved). */
export interface WalletMover {
  (tx: Queryable, moves: WalletMove[]): Promise<number | null>;
  /** The same moves and rule as CTEs of the one-statement commit (decision 0039); `q` reads what it must know first. */
  part: (q: Queryable, moves: WalletMove[], first: number) => Promise<ExposureMovesPart>;
}

/** Stores a batch's rows of one kind that must be refused command by command (idempotency answers); answers which were stored. */
export interface JoinedInserter {
  (tx: Queryable, rows: unknown[]): Promise<boolean[]>;
  /** The same rows as a CTE of the one-statement commit: a row already stored raises there, and the batch takes its transaction. */
  statement: (rows: never[], first: number, when: string) => { sql: string; params: unknown[] };
}

/** The command at this place in the batch is refused by what its staged rows met (an overdraw, a duplicate key): its batch runs again without it. */
export class Refused extends Error {
  constructor(
    readonly ord: number,
    readonly reason: unknown,
  ) {
    super('a command of the batch was refused when its rows were written');
  }
}

/** One deferred row of a group commit (batch-writes.ts). */
export type Op =
  | { kind: 'insert' | 'update'; bet: BetRow }
  | { kind: 'fill'; fill: FillInsert }
  | { kind: 'exposure'; row: ExposureUpsert }
  | { kind: 'wallet'; move: WalletMove; mover: WalletMover }
  | { kind: 'joined'; row: unknown; insert: JoinedInserter; ord: number; duplicate: () => unknown };

/** A batch's staged rows gathered by kind: the last change of a bet wins, an exposure row per player, market and wallet. */
export interface GroupedRows {
  inserted: BetRow[];
  updated: BetRow[];
  fills: FillInsert[];
  exposures: ExposureUpsert[];
  moves: WalletMove[];
  mover: WalletMover | null;
  joined: Map<JoinedInserter, Extract<Op, { kind: 'joined' }>[]>;
}

export function groupStaged(staged: readonly Op[]): GroupedRows {
  const inserted = new Map<string, BetRow>();
  const updated = new Map<string, BetRow>();
  const fills: FillInsert[] = [];
  const exposures = new Map<string, ExposureUpsert>();
  const moves: WalletMove[] = [];
  let mover: WalletMover | null = null;
  const joined = new Map<JoinedInserter, Extract<Op, { kind: 'joined' }>[]>();
  for (const op of staged) {
    if (op.kind === 'joined') joined.set(op.insert, [...(joined.get(op.insert) ?? []), op]);
    else if (op.kind === 'wallet') {
      moves.push(op.move);
      mover = op.mover;
    } else if (op.kind === 'fill') fills.push(op.fill);
    else if (op.kind === 'exposure') exposures.set(`${op.row.userId}:${op.row.marketId}:${op.row.wallet}`, op.row);
    else if (op.kind === 'insert') inserted.set(op.bet.id, op.bet);
    else (inserted.has(op.bet.id) ? inserted : updated).set(op.bet.id, op.bet);
  }
  return {
    inserted: [...inserted.values()],
    updated: [...updated.values()],
    fills,
    exposures: [...exposures.values()],
    moves,
    mover,
    joined,
  };
}

/**
 * Writes staged rows (of one market, or of every market of a shared transaction, decision 0037) and
 * the engine commands given: the wallets first, in one statement whose check finds the first command,
 * in transaction order, that would overdraw (PRODUCT.md §4); then the idempotency answers; then bets,
 * fills, exposures and commands in one statement.
 */
export async function writeStaged(
  tx: Queryable,
  staged: readonly Op[],
  commands: readonly CommandAppend[],
): Promise<void> {
  const { inserted, updated, fills, exposures, moves, mover, joined } = groupStaged(staged);
  // The wallets first: a command that would overdraw one is found before anything else is written.
  if (mover !== null) {
    const refused = await mover(tx, moves);
    if (refused !== null) throw new Refused(refused, new AppError('WALLET_INSUFFICIENT_FUNDS'));
  }
  for (const [insert, rows] of joined) {
    const stored = await insert(
      tx,
      rows.map((op) => op.row),
    );
    const first = rows.find((_, index) => !stored[index]);
    if (first !== undefined) throw new Refused(first.ord, first.duplicate());
  }
  await createBatchWritesRepository(tx).writeAll(inserted, updated, fills, exposures, commands);
}
