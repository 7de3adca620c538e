import type { MarketPosition } from '@khel/contract';
import type { PositionDeltas } from './exposure.js';
import type { BetRow, EventNames, MarketRow, RunnerRow } from '../sports-repository.js';

/** What changed in one market operation, for the live updates after it commits. */
export interface ChangeSet {
  marketIds: Set<string>;
  userIds: Set<string>;
  betIds: Set<string>;
  /** Matched lines this operation added to players' positions, consumed by refreshExposures. */
  positions: PositionDeltas;
  /**
   * What a group commit's command wrote, as the database holds it once the batch committed: bet rows
   * and its market with runners. The publish after the commit serves them instead of reading them
   * again (decision 0027, addendum "publish"); anything a change set touches but does not know is read.
   */
  known?: KnownRows;
}

/** Rows a change set knows, each with the tick it was written at (within a batch, the latest wins). */
export interface KnownRows {
  bets: Map<string, { row: BetRow; tick: number }>;
  markets: Map<string, { market: MarketRow; runners: RunnerRow[]; event?: EventNames | null; tick: number }>;
  /** A player's positions on a market (`userId:marketId`) as the lane holds them after the command (decision 0027, addendum "positions"). */
  positions: Map<string, { positions: MarketPosition[]; tick: number }>;
}

let ticks = 0;
/** A process-wide order of the rows a batch staged: a later command's row of the same bet is newer. */
export function nextTick(): number {
  ticks += 1;
  return ticks;
}

export function emptyChanges(): ChangeSet {
  return { marketIds: new Set(), userIds: new Set(), betIds: new Set(), positions: new Map() };
}

/** Empties a change set (a command run again after its batch rolled back starts from nothing). */
export function resetChanges(changes: ChangeSet): void {
  changes.marketIds.clear();
  changes.userIds.clear();
  changes.betIds.clear();
  changes.positions.clear();
  delete changes.known;
}

/** Records rows a batched command wrote into its change set (they reach the database with the batch). */
export function knowRows(
  changes: ChangeSet,
  bets: Iterable<BetRow>,
  market?: { market: MarketRow; runners: RunnerRow[]; event?: EventNames | null },
): void {
  const known = (changes.known ??= { bets: new Map(), markets: new Map(), positions: new Map() });
  for (const row of bets) known.bets.set(row.id, { row, tick: nextTick() });
  if (market !== undefined) known.markets.set(market.market.id, { ...market, tick: nextTick() });
}

/** Records a player's positions on a market as its batch leaves them (served by the publish instead of a read). */
export function knowPositions(changes: ChangeSet, userId: string, marketId: string, positions: MarketPosition[]): void {
  const known = (changes.known ??= { bets: new Map(), markets: new Map(), positions: new Map() });
  known.positions.set(`${userId}:${marketId}`, { positions, tick: nextTick() });
}

/** Adds what one committed command changed (`from`) to a change set that may hold other commands' changes (a cancel-all's). */
export function mergeChanges(into: ChangeSet, from: ChangeSet): void {
  for (const id of from.marketIds) into.marketIds.add(id);
  for (const id of from.userIds) into.userIds.add(id);
  for (const id of from.betIds) into.betIds.add(id);
  for (const [owner, lines] of from.positions) into.positions.set(owner, lines);
  if (from.known === undefined) return;
  const known = (into.known ??= { bets: new Map(), markets: new Map(), positions: new Map() });
  for (const [id, entry] of from.known.bets) known.bets.set(id, entry);
  for (const [id, entry] of from.known.markets) known.markets.set(id, entry);
  for (const [key, entry] of from.known.positions) known.positions.set(key, entry);
}
