import type { LimitRule, OddsChangePreference } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import { limitRulesFingerprint, limitRulesForBets } from '../../agents/downline-limits-service.js';
import type { FillInsert } from './batch-writes-repository.js';
import { LIVE, remainingPaise } from '../positions/index.js';
import { oddsPreferencesOf } from '../odds-preference/index.js';
import { readHeldPlayers } from '../positions/index.js';
import { shownOf, shownOfHeld } from '../positions/index.js';
import type { ShownPosition } from '../positions/index.js';
import type { BetRow, MarketRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';
import { writeStaged } from './staged-rows.js';
import type { JoinedInserter, Op, WalletMover, WalletMove } from './staged-rows.js';

export interface HeldPosition {
  exposurePaise: number;
  outcomes: Record<string, number>;
}
/** One player's state on one exchange market, as the database has it once the batch is written. */
export interface HeldPlayer {
  positions: Map<'main' | 'bonus', HeldPosition>;
  /** The player's unmatched (and delayed) bets on the market, by id. */
  open: Map<string, BetRow>;
  /** On a fancy market, all the player's live bets there (its exposure is computed from them, decision 0027 addendum "house"); else null. */
  live: Map<string, BetRow> | null;
  /** On a bookmaker or fancy market, the player's odds-change preference, read with them for the batch; else null. */
  oddsPreference: OddsChangePreference | null;
  /** The running positions the player app is pushed (decision 0027, addendum "positions"); null once a change could not be followed (then they are read). */
  shown: Map<'main' | 'bonus', ShownPosition> | null;
}

/**
 * What an exchange market's lane holds about its players between batches (decision 0027): their
 * positions and open bets, and the downline limits of those who bet. Kept with the lane's market,
 * book and runners, so it is dropped whenever they are (a rebuild, a failed batch); cleared by any
 * command that writes bets or exposures itself rather than through the batch.
 */
export interface LanePlayers {
  players: Map<string, HeldPlayer>;
  limits: Map<string, LimitRule[]>;
  /** The limit tables' fingerprint the cached limits were read under. */
  limitsMark: string | null;
}

export function emptyLanePlayers(): LanePlayers {
  return { players: new Map(), limits: new Map(), limitsMark: null };
}

export type { JoinedInserter, WalletMove, WalletMover } from './staged-rows.js';
export { Refused } from './staged-rows.js';

const OPEN = new Set(['unmatched', 'pending']);

/**
 * A group commit's deferred rows and its view of the lane's players. Placed bets stage their bet,
 * fill and exposure rows here; they reach the database in four multi-row statements when the batch
 * ends, or earlier whenever any statement goes through the command context's `tx` (so a command that
 * reads or writes for itself sees its batch-mates' rows). The wallet's exposure, whose CHECK must
 * refuse the very command that overdraws, is never deferred.
 */
export function createBatchWrites(
  tx: Queryable,
  market: { row: MarketRow; runnerIds: readonly string[] },
  memo: LanePlayers,
  batch: { ordBase: number; limitsMark: string | null } = { ordBase: 0, limitsMark: null },
) {
  const marketId = market.row.id;
  let ops: Op[] = [];
  let limitsChecked = false;
  let ord = batch.ordBase;
  /** Where the current command's staged rows start, and whether some of them were written already. */
  let mark = 0;
  let ownWritten = false;

  /** Why writing the staged rows failed (an overdraw, a database error): the batch's attempt cannot go on. */
  let failure: unknown = null;
  /**
   * Staged rows of players the lane no longer holds (it let them go mid-batch). Otherwise every staged
   * row is a held player's (a player is held before any row of theirs is staged), so a player read
   * for the first time has no staged row and needs no flush first (a one-statement commit, decision
   * 0039, cannot write one).
   */
  let orphans = false;

  function letPlayersGo(): void {
    if (ops.length > 0) orphans = true;
    memo.players.clear();
  }

  async function flush(): Promise<void> {
    if (failure !== null) throw failure;
    if (ops.length === 0) return;
    const staged = ops;
    if (ops.length > mark) ownWritten = true;
    ops = [];
    mark = 0;
    orphans = false;
    try {
      await writeStaged(tx, staged, []);
    } catch (error) {
      failure = error;
      throw error;
    }
  }

  /** The cached limit rules hold while the limit tables' fingerprint (the batch's, or read once per batch) is the one they were read under. */
  async function checkLimitsMark(): Promise<void> {
    if (limitsChecked) return;
    limitsChecked = true;
    const mark = batch.limitsMark ?? (await limitRulesFingerprint(tx));
    if (mark !== memo.limitsMark) {
      memo.limits.clear();
      memo.limitsMark = mark;
    }
  }

  /** Keeps the held open bets, and the count of live bets behind the running positions, in step with a written bet row. */
  function track(bet: BetRow, inserted: boolean): void {
    const player = memo.players.get(bet.user_id);
    if (player === undefined) return;
    // Held open bets are live; a bet neither new nor held open was live or not: unknown, so positions are read.
    const wasLive = inserted ? false : player.open.has(bet.id) ? true : null;
    if (OPEN.has(bet.status) && remainingPaise(bet) > 0) player.open.set(bet.id, bet);
    else player.open.delete(bet.id);
    if (player.live !== null) {
      if (LIVE.has(bet.status)) player.live.set(bet.id, bet);
      else player.live.delete(bet.id);
    }
    const running = player.shown?.get(bet.wallet);
    if (running === undefined) return;
    if (wasLive === null) player.shown = null;
    else running.live += (LIVE.has(bet.status) && bet.closed_by === null ? 1 : 0) - (wasLive ? 1 : 0);
  }

  return {
    flush,
    get failure(): unknown {
      return failure;
    },
    /** The command at place `index` of the batch starts. */
    begin(index: number): void {
      ord = batch.ordBase + index;
      mark = ops.length;
      ownWritten = false;
    },
    /** What is still staged when the batch's commands are done: written by the transaction's last statement with its other markets' rows. */
    take(): Op[] {
      if (failure !== null) throw failure;
      const staged = ops;
      ops = [];
      mark = 0;
      return staged;
    },
    /** Whether rows the current command staged were written already (then it cannot simply be undone). */
    wroteOwn(): boolean {
      return ownWritten;
    },
    /**
     * The current command failed alone: its staged rows go, and what the lane holds about players with
     * them. Every change to a held player follows a row the same command staged (a bet row, an
     * exposure), so a command that staged nothing (the usual refusals: limits, odds, a suspended
     * market) changed no held player, and the lane keeps them.
     */
    undo(): void {
      const stagedOwn = ops.length > mark;
      ops = ops.slice(0, mark);
      if (stagedOwn) letPlayersGo();
    },
    /** A command wrote bets or exposures itself: what the lane holds about players may be stale. */
    forgetPlayers(): void {
      letPlayersGo();
    },

    /** The player's held state, read once (after writing what is staged) if the lane does not hold it yet. */
    async player(userId: string): Promise<HeldPlayer> {
      await this.readPlayers([userId]);
      return memo.players.get(userId) as HeldPlayer;
    },

    /** Reads the players the lane does not hold yet, all in one statement (after writing what is staged; two on a house market). */
    async readPlayers(userIds: readonly string[]): Promise<void> {
      const missing = [...new Set(userIds)].filter((userId) => !memo.players.has(userId));
      if (missing.length === 0) return;
      if (orphans) await flush();
      if (market.row.type === 'EXCHANGE') {
        // Their open bets, and per wallet the exposure row whose outcomes are the running position (decision 0080).
        const { open, wallets } = await readHeldPlayers(tx, marketId, missing);
        for (const userId of missing) {
          const mine = wallets.filter((row) => row.user_id === userId);
          memo.players.set(userId, {
            positions: new Map(
              mine.flatMap((row) =>
                row.exposure_paise === null
                  ? []
                  : [[row.wallet, { exposurePaise: row.exposure_paise, outcomes: row.outcomes ?? {} }] as const],
              ),
            ),
            open: new Map(open.filter((bet) => bet.user_id === userId).map((bet) => [bet.id, bet])),
            live: null,
            oddsPreference: null,
            shown: shownOfHeld(market.runnerIds, mine),
          });
        }
        return;
      }
      // A house market has no fills: the players' live bets (its running positions start from them), and their odds-change preferences its quotes need.
      const repo = createSportsRepository(tx);
      const bets = await repo.liveBetsOfUsersInMarkets(missing, [marketId]);
      const preferences = await oddsPreferencesOf(tx, missing);
      const exposures = await repo.marketPositionsOfUsers(missing, marketId);
      for (const userId of missing) {
        const mine = bets.filter((bet) => bet.user_id === userId);
        memo.players.set(userId, {
          positions: new Map(
            exposures
              .filter((row) => row.user_id === userId)
              .map((row) => [row.wallet, { exposurePaise: row.exposure_paise, outcomes: row.outcomes }]),
          ),
          open: new Map(mine.filter((bet) => OPEN.has(bet.status)).map((bet) => [bet.id, bet])),
          live: market.row.type === 'FANCY' ? new Map(mine.map((bet) => [bet.id, bet])) : null,
          oddsPreference: preferences.get(userId) ?? null,
          shown: shownOf(market.row, market.runnerIds, mine, []),
        });
      }
    },

    /** A resting offer's bet row: from its owner's held open bets, else read. */
    async bet(offerId: string, ownerId: string): Promise<BetRow | null> {
      const held = (await this.player(ownerId)).open.get(offerId);
      if (held !== undefined) return held;
      await flush();
      return createSportsRepository(tx).bet(offerId);
    },

    insertBet(bet: BetRow): void {
      ops.push({ kind: 'insert', bet });
      track(bet, true);
    },
    updateBet(bet: BetRow): void {
      ops.push({ kind: 'update', bet });
      track(bet, false);
    },
    /** What the lane holds of a player, if it holds them (read by the publish's known positions). */
    held(userId: string): HeldPlayer | undefined {
      return memo.players.get(userId);
    },
    /** Exposure moves on players' wallets, made with the batch's other rows (the CHECK still decides, command by command). */
    moveExposures(mover: WalletMover, moves: readonly Omit<WalletMove, 'ord'>[]): void {
      for (const move of moves) ops.push({ kind: 'wallet', move: { ...move, ord }, mover });
    },
    /** A row stored with the batch whose refusal (`duplicate`) belongs to this command alone (its idempotency answer). */
    join(row: unknown, insert: JoinedInserter, duplicate: () => unknown): void {
      ops.push({ kind: 'joined', row, insert, ord, duplicate });
    },
    insertFill(fill: FillInsert): void {
      ops.push({ kind: 'fill', fill });
    },
    setExposure(userId: string, wallet: 'main' | 'bonus', position: HeldPosition): void {
      ops.push({
        kind: 'exposure',
        row: { userId, marketId, wallet, exposurePaise: position.exposurePaise, outcomes: position.outcomes },
      });
      memo.players.get(userId)?.positions.set(wallet, position);
    },

    /**
     * The upline chain's limit rules of the batch's players on this market that the lane does not hold
     * yet, read in one statement (decision 0075) rather than one per player at their first bet.
     */
    async readLimits(userIds: readonly string[]): Promise<void> {
      await checkLimitsMark();
      const { event_id: eventId, type } = market.row;
      const missing = [...new Set(userIds)].filter((userId) => !memo.limits.has(`${userId}:${eventId}:${type}`));
      if (missing.length === 0) return;
      for (const [userId, rules] of await limitRulesForBets(tx, missing, eventId, type))
        memo.limits.set(`${userId}:${eventId}:${type}`, rules);
    },

    /**
     * The upline chain's limit rules for a bet (decision 0020), cached per player and event while the
     * limit tables' fingerprint, read once per batch, stays the same (a change anywhere drops them all).
     */
    async limitRules(
      userId: string,
      eventId: string,
      marketType: string,
      read: () => Promise<LimitRule[]>,
    ): Promise<LimitRule[]> {
      await checkLimitsMark();
      const key = `${userId}:${eventId}:${marketType}`;
      let rules = memo.limits.get(key);
      if (rules === undefined) memo.limits.set(key, (rules = await read()));
      return rules;
    },
  };
}
export type BatchWrites = ReturnType<typeof createBatchWrites>;
