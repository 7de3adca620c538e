import { randomBytes, randomUUID } from 'node:crypto';
import {
  checkSlotStake,
  checkTableBet,
  closeAndReveal,
  createTable,
  hashServerSeed,
  openRound,
  placeBet,
  settleRound,
  spinSlot,
  tableView,
  theoreticalRtp,
  verifySlotSpin,
  verifyTableRound,
} from '@khel/casino-games';
import type { RoundRecord, TableGame, TableResult, TableState } from '@khel/casino-games';
import type { CasinoWalletResponse } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Database } from '../../../db/database.js';
import { AppError, fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import { freeSpinsView, lineWinView, scatterView } from './slot-views.js';
import { HOUSE_CRASH, HOUSE_PROVIDER_CODE, HOUSE_SLOTS, HOUSE_TABLES } from './house-games.js';
import type { HouseTable } from './house-games.js';
import type { TableRoundRow } from './house-repository.js';
import { createHouseRepository } from './house-repository.js';
import type { HouseWalletClient } from './house-wallet-client.js';
import { WalletUnavailable } from './house-wallet-client.js';

/** A launch token is re-checked with the wallet this often, so a blocked player is stopped soon. */
const SESSION_RECHECK_MS = 60_000;
/** A spin whose credit did not get through is retried by the sweeper after this long. */
const SWEEP_AFTER_MS = 30_000;

interface HouseSession {
  playerId: string;
  playerName: string;
  checkedAtMs: number;
}

function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** Turns a wallet refusal into the player's message. */
export function refusal(answer: CasinoWalletResponse): never {
  switch (answer.data.status) {
    case 'INSUFFICIENT_FUNDS':
      throw new AppError('WALLET_INSUFFICIENT_FUNDS');
    case 'PLAYER_BLOCKED':
      throw new AppError('FORBIDDEN', 'You may not play this game now');
    case 'TOKEN_INVALID':
    case 'PLAYER_NOT_FOUND':
      throw new HttpError(401, 'UNAUTHENTICATED', 'Your game session has ended, open the game again');
    case 'GAME_NOT_FOUND':
      throw new AppError('NOT_FOUND', 'This game is not available');
    default:
      throw new AppError('CONFLICT', answer.meta.message);
  }
}

const TABLE_MESSAGES: Record<string, [code: 'CONFLICT' | 'VALIDATION_FAILED', message: string]> = {
  NO_ROUND: ['CONFLICT', 'Betting is closed, wait for the next round'],
  BETTING_CLOSED: ['CONFLICT', 'Betting is closed, wait for the next round'],
  UNKNOWN_BET_KIND: ['VALIDATION_FAILED', 'Choose where to bet'],
  DUPLICATE_BET_ID: ['CONFLICT', 'This bet was already placed'],
  INVALID_STAKE: ['VALIDATION_FAILED', 'Enter a stake'],
};

function recordOf(row: TableRoundRow): RoundRecord {
  return {
    roundNumber: row.round_number,
    phase: row.phase === 'voided' ? 'voided' : 'settled',
    result: (row.result ?? null) as TableResult | null,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.round_number,
    openedAtMs: row.opened_at_ms,
    finishedAtMs: row.finished_at_ms ?? row.opened_at_ms,
    totalStakePaise: row.total_stake_paise,
    totalPayoutPaise: row.total_payout_paise,
  };
}

interface RunningTable {
  spec: HouseTable;
  state: TableState;
  /** Debits in flight for the current round: settlement waits for them (a late one is rolled back first). */
  inFlight: number;
  busy: boolean;
}

/**
 * The built-in house provider (PRODUCT.md §1): a game server that plays the slot and the shared table
 * rounds with @khel/casino-games and moves money only through the signed seamless wallet, over HTTP,
 * exactly as an external provider would. It keeps its own books (seed pairs, spins, rounds, bets).
 *
 * Tables run in this process: the state machine in memory, every transition written to the database.
 * On start, a round cut off by a restart is voided (its stakes rolled back) and credits that did not
 * get through are retried.
 */
export function createHouseCasinoService(deps: { db: Database; clock: Clock; wallet: HouseWalletClient }) {
  const { db, clock, wallet } = deps;
  const repository = createHouseRepository(db);
  const sessions = new Map<string, HouseSession>();
  const tables = new Map<string, RunningTable>();
  let loaded: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function session(token: string | undefined): Promise<HouseSession> {
    if (token === undefined || token.length < 10 || token.length > 200) throw new HttpError(401, 'UNAUTHENTICATED', 'Open the game from the casino lobby');
    const nowMs = clock.now().getTime();
    const known = sessions.get(token);
    if (known !== undefined && nowMs - known.checkedAtMs < SESSION_RECHECK_MS) return known;
    const answer = await wallet.authenticate(token);
    if (answer.data.status !== 'OK' || answer.data.playerId === null) {
      sessions.delete(token);
      refusal(answer);
    }
    const fresh = { playerId: answer.data.playerId, playerName: answer.data.playerName ?? '', checkedAtMs: nowMs };
    if (sessions.size > 10_000) sessions.clear();
    sessions.set(token, fresh);
    return fresh;
  }

  async function balanceOf(playerId: string): Promise<number> {
    const answer = await wallet.balance(playerId);
    if (answer.data.status !== 'OK') refusal(answer);
    return answer.data.balance ?? 0;
  }

  // Slot

  async function activeSeed(userId: string) {
    const existing = await repository.activeSeed(userId);
    if (existing !== null) return existing;
    const serverSeed = newServerSeed();
    return (
      (await repository.insertSeed({ userId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: randomBytes(8).toString('hex'), at: clock.now() })) ??
      ((await repository.activeSeed(userId)) as NonNullable<Awaited<ReturnType<typeof repository.activeSeed>>>)
    );
  }

  function slotOf(code: string) {
    return HOUSE_SLOTS.find((slot) => slot.code === code) ?? fail('NOT_FOUND', 'No such slot');
  }

  async function creditSpin(spin: { id: string; user_id: string; game_code: string; payout_paise: number }): Promise<CasinoWalletResponse> {
    const answer = await wallet.credit({ playerId: spin.user_id, transactionId: `win-${spin.id}`, roundId: `spin-${spin.id}`, gameCode: spin.game_code, amount: paiseToRupees(spin.payout_paise) });
    if (answer.data.status === 'OK') await repository.setSpinStatus(spin.id, 'settled');
    return answer;
  }

  // Tables

  async function load(): Promise<void> {
    for (const spec of HOUSE_TABLES) {
      const history = (await repository.finishedRounds(spec.code, spec.config.historyLength)).map(recordOf);
      const state = createTable(spec.config, { nextRoundNumber: (await repository.lastRoundNumber(spec.code)) + 1, history });
      tables.set(spec.code, { spec, state, inFlight: 0, busy: false });
    }
  }
  function ensureLoaded(): Promise<void> {
    loaded ??= load();
    return loaded;
  }
  async function table(tableId: string): Promise<RunningTable> {
    await ensureLoaded();
    return tables.get(tableId) ?? fail('NOT_FOUND', 'No such table');
  }

  /** Rounds a restart cut off: stakes go back (a rollback of a debit never made leaves a harmless tombstone). */
  async function voidCutOffRounds(running: RunningTable): Promise<void> {
    const code = running.spec.code;
    for (const round of await repository.unfinishedRounds(code)) {
      if (running.state.round?.roundNumber === round.round_number) continue;
      for (const bet of await repository.betsOfRound(code, round.round_number)) {
        if (bet.status !== 'pending' && bet.status !== 'placed') continue;
        const answer = await wallet.rollback({ playerId: bet.user_id, transactionId: `void-${bet.bet_id}`, debitTransactionId: `bet-${bet.bet_id}`, roundId: `${code}:${round.round_number}`, gameCode: code });
        if (answer.data.status === 'OK') await repository.setBet(bet.bet_id, 'voided', bet.stake_paise);
      }
      await repository.updateRound(code, round.round_number, { phase: 'voided', finishedAtMs: clock.now().getTime() });
    }
  }

  /**
   * One credit per player per table round (the wallet pays a round once): the sum of that player's
   * settled bets in it (0 when all lost, which closes the round). Its id is fixed by table, round and
   * player, and the sum counts bets already marked settled too, so a retry is the same request.
   */
  async function creditPlayerRound(tableId: string, roundNumber: number, userId: string): Promise<void> {
    const bets = (await repository.betsOfRound(tableId, roundNumber)).filter(
      (bet) => bet.user_id === userId && (bet.status === 'placed' || bet.status === 'settled') && bet.payout_paise !== null,
    );
    if (bets.length === 0) return;
    const payoutPaise = bets.reduce((sum, bet) => sum + (bet.payout_paise ?? 0), 0);
    const answer = await wallet.credit({ playerId: userId, transactionId: `win-${tableId}:${roundNumber}:${userId}`, roundId: `${tableId}:${roundNumber}`, gameCode: tableId, amount: paiseToRupees(payoutPaise) });
    if (answer.data.status === 'OK') for (const bet of bets) if (bet.status === 'placed') await repository.setBet(bet.bet_id, 'settled');
  }

  /** One step of a table's loop at the clock's time: open, close and reveal, settle, as each is due. */
  async function step(running: RunningTable): Promise<void> {
    const { state, spec } = running;
    const code = spec.code;
    const nowMs = clock.now().getTime();
    const round = state.round;
    if (round === null || ((round.phase === 'settled' || round.phase === 'voided') && nowMs >= (round.finishedAtMs ?? 0) + spec.pauseMs)) {
      const opened = openRound(state, nowMs, newServerSeed());
      if (!opened.ok) return;
      const r = opened.round;
      await repository.insertRound({
        table_id: code,
        round_number: r.roundNumber,
        game: spec.config.game,
        phase: 'betting',
        server_seed: r.serverSeed,
        server_seed_hash: r.serverSeedHash,
        client_seed: r.clientSeed,
        opened_at_ms: r.openedAtMs,
        closes_at_ms: r.closesAtMs,
      });
      return;
    }
    if (round.phase === 'betting' && nowMs >= round.closesAtMs) {
      const revealed = closeAndReveal(state, nowMs);
      if (revealed.ok) await repository.updateRound(code, round.roundNumber, { phase: 'revealed', result: revealed.result });
      return;
    }
    if (round.phase === 'revealed' && nowMs >= (round.revealedAtMs ?? 0) + spec.revealMs && running.inFlight === 0) {
      const settled = settleRound(state, nowMs);
      if (!settled.ok) return;
      const totalStakePaise = settled.payouts.reduce((sum, p) => sum + p.stakePaise, 0);
      const totalPayoutPaise = settled.payouts.reduce((sum, p) => sum + p.payoutPaise, 0);
      for (const payout of settled.payouts) await repository.setBet(payout.betId, 'placed', payout.payoutPaise);
      await repository.updateRound(code, round.roundNumber, { phase: 'settled', totalStakePaise, totalPayoutPaise, finishedAtMs: nowMs });
      // Every player with a bet gets one credit for the round (0 when all lost, which closes it in the wallet).
      await Promise.all([...new Set(settled.payouts.map((payout) => payout.playerId))].map((playerId) => creditPlayerRound(code, round.roundNumber, playerId).catch(() => undefined)));
    }
  }

  async function tick(): Promise<void> {
    await ensureLoaded();
    await Promise.all(
      [...tables.values()].map(async (running) => {
        if (running.busy) return;
        running.busy = true;
        try {
          await step(running);
        } finally {
          running.busy = false;
        }
      }),
    );
  }

  /** Retries what did not get through: credits of settled table bets and of spins, and spins whose debit is unknown. */
  async function sweep(): Promise<void> {
    await ensureLoaded();
    for (const running of tables.values()) {
      const owed = new Map((await repository.uncreditedBets(running.spec.code)).map((bet) => [`${bet.round_number}:${bet.user_id}`, bet]));
      for (const bet of owed.values()) await creditPlayerRound(running.spec.code, bet.round_number, bet.user_id).catch(() => undefined);
    }
    for (const spin of await repository.unsettledSpins(new Date(clock.now().getTime() - SWEEP_AFTER_MS))) {
      if (spin.status === 'debited') await creditSpin(spin).catch(() => undefined);
      else {
        // Pending: the debit may or may not have landed; a rollback settles it either way.
        const answer = await wallet
          .rollback({ playerId: spin.user_id, transactionId: `void-${spin.id}`, debitTransactionId: `spin-${spin.id}`, roundId: `spin-${spin.id}`, gameCode: spin.game_code })
          .catch(() => null);
        if (answer?.data.status === 'OK') await repository.setSpinStatus(spin.id, 'refused');
      }
    }
  }

  /** At start: loads the tables, voids rounds a restart cut off, and sweeps. */
  async function recover(): Promise<void> {
    await ensureLoaded();
    for (const running of tables.values()) await voidCutOffRounds(running).catch(() => undefined);
    await sweep();
  }

  return {
    providerCode: HOUSE_PROVIDER_CODE,
    tick,

    recover,
    sweep,

    /** Runs the table loops every 250 ms (started when the server listens). */
    start(): void {
      if (timer !== null) return;
      void recover().catch(() => undefined);
      let ticks = 0;
      timer = setInterval(() => {
        ticks += 1;
        void tick().catch(() => undefined);
        if (ticks % 120 === 0) void sweep().catch(() => undefined);
      }, 250);
      timer.unref();
    },
    /** Stops the loops; an unfinished round stays in the database and is voided on the next start. */
    stop(): void {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },

    /** The player behind a launch token (re-checked with the wallet now and then). */
    player: session,

    async session(token: string | undefined, gameCode: string) {
      const player = await session(token);
      if (gameCode === HOUSE_CRASH.code) {
        return { playerName: player.playerName, balance: await balanceOf(player.playerId), currency: 'INR' as const, game: { code: HOUSE_CRASH.code, title: HOUSE_CRASH.title, kind: 'crash' as const, tableId: HOUSE_CRASH.code } };
      }
      const slot = HOUSE_SLOTS.find((candidate) => candidate.code === gameCode);
      const spec = HOUSE_TABLES.find((candidate) => candidate.code === gameCode);
      if (slot === undefined && spec === undefined) fail('NOT_FOUND', 'No such game');
      return {
        playerName: player.playerName,
        balance: await balanceOf(player.playerId),
        currency: 'INR' as const,
        game:
          slot !== undefined
            ? { code: slot.code, title: slot.title, kind: 'slot' as const, tableId: null }
            : { code: (spec as HouseTable).code, title: (spec as HouseTable).title, kind: (spec as HouseTable).config.game.kind, tableId: (spec as HouseTable).code },
      };
    },

    async balance(token: string | undefined) {
      return { balance: await balanceOf((await session(token)).playerId) };
    },

    async slotInfo(token: string | undefined, gameCode: string) {
      const player = await session(token);
      const slot = slotOf(gameCode);
      const seed = await activeSeed(player.playerId);
      return {
        config: slot.config,
        theoreticalRtp: theoreticalRtp(slot.config),
        minStake: paiseToRupees(slot.minStakePaise),
        maxStake: paiseToRupees(slot.maxStakePaise),
        seeds: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.next_nonce },
        recent: (await repository.recentSpins(player.playerId, 10)).map((spin) => ({ spinId: spin.id, stake: paiseToRupees(spin.stake_paise), payout: paiseToRupees(spin.payout_paise), createdAt: spin.created_at.toISOString() })),
      };
    },

    /** One spin: the outcome from the committed seed pair, then debit the stake and credit the win through the wallet. */
    async spin(token: string | undefined, gameCode: string, stakePaise: number) {
      const player = await session(token);
      const slot = slotOf(gameCode);
      const problem = checkSlotStake(stakePaise, slot);
      if (problem !== null) fail('VALIDATION_FAILED', problem === 'BELOW_MIN_STAKE' ? `Minimum stake is ₹${paiseToRupees(slot.minStakePaise)}` : problem === 'ABOVE_MAX_STAKE' ? `Maximum stake is ₹${paiseToRupees(slot.maxStakePaise)}` : 'Enter a stake');
      let seed = await activeSeed(player.playerId);
      let nonce = await repository.takeNonce(seed.id);
      if (nonce === null) {
        seed = await activeSeed(player.playerId);
        nonce = (await repository.takeNonce(seed.id)) ?? fail('CONFLICT', 'Try again');
      }
      const outcome = spinSlot(slot.config, { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, stakePaise);
      const spinId = randomUUID();
      const roundId = `spin-${spinId}`;
      await repository.insertSpin({ id: spinId, userId: player.playerId, gameCode, seedId: seed.id, nonce, stakePaise, stops: outcome.stops, payoutPaise: outcome.totalPayoutPaise, at: clock.now() });
      const debit = await wallet.debit({ playerId: player.playerId, transactionId: roundId, roundId, gameCode, amount: paiseToRupees(stakePaise) });
      if (debit.data.status !== 'OK') {
        await repository.setSpinStatus(spinId, 'refused');
        refusal(debit);
      }
      await repository.setSpinStatus(spinId, 'debited');
      let balance = debit.data.balance ?? 0;
      try {
        const credit = await creditSpin({ id: spinId, user_id: player.playerId, game_code: gameCode, payout_paise: outcome.totalPayoutPaise });
        if (credit.data.status === 'OK') balance = credit.data.balance ?? balance;
      } catch (error) {
        // The stake is taken and the win is owed: the sweeper credits it once the wallet answers again.
        if (!(error instanceof WalletUnavailable)) throw error;
      }
      return {
        spinId,
        stake: paiseToRupees(stakePaise),
        payout: paiseToRupees(outcome.totalPayoutPaise),
        balance,
        stops: outcome.stops,
        grid: outcome.grid,
        lineWins: outcome.lineWins.map(lineWinView),
        scatterWin: scatterView(outcome.scatterWin),
        freeSpins: freeSpinsView(outcome.freeSpins),
        seeds: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce },
        next: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: nonce + 1 },
      };
    },

    /** Reveals the current server seed (every spin under it can now be verified) and commits a new pair. */
    async rotateSeed(token: string | undefined, clientSeed: string | undefined) {
      const player = await session(token);
      const current = await repository.activeSeed(player.playerId);
      const retired = current === null ? null : await repository.retireSeed(current.id, clock.now());
      const serverSeed = newServerSeed();
      const next =
        (await repository.insertSeed({ userId: player.playerId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: clientSeed ?? randomBytes(8).toString('hex'), at: clock.now() })) ??
        (await activeSeed(player.playerId));
      return {
        revealed: retired === null ? null : { serverSeed: retired.server_seed, serverSeedHash: retired.server_seed_hash, clientSeed: retired.client_seed, lastNonce: retired.next_nonce - 1 },
        next: { serverSeedHash: next.server_seed_hash, clientSeed: next.client_seed, nonce: next.next_nonce },
      };
    },

    async tableView(token: string | undefined, tableId: string) {
      const player = await session(token);
      const running = await table(tableId);
      const nowMs = clock.now().getTime();
      const round = running.state.round;
      const current = (round?.bets ?? [])
        .filter((bet) => bet.playerId === player.playerId)
        .map((bet) => ({
          betId: bet.betId,
          kind: bet.kind,
          stake: paiseToRupees(bet.stakePaise),
          payout: round?.payouts?.find((p) => p.betId === bet.betId)?.payoutPaise ?? null,
          roundNumber: round?.roundNumber ?? 0,
        }))
        .map((bet) => ({ ...bet, payout: bet.payout === null ? null : paiseToRupees(bet.payout) }));
      const earlier = (await repository.recentBetsOf(player.playerId, tableId, 20))
        .filter((bet) => bet.round_number !== round?.roundNumber)
        .map((bet) => ({ betId: bet.bet_id, kind: bet.kind, stake: paiseToRupees(bet.stake_paise), payout: bet.payout_paise === null ? null : paiseToRupees(bet.payout_paise), roundNumber: bet.round_number }));
      return { view: tableView(running.state, nowMs), serverNowMs: nowMs, revealMs: running.spec.revealMs, pauseMs: running.spec.pauseMs, myBets: [...current, ...earlier] };
    },

    /** A bet in the betting window: checked, debited through the wallet, then placed (rolled back if the window closed meanwhile). */
    async placeBet(token: string | undefined, tableId: string, request: { kind: string; stakePaise: number; betId?: string }) {
      const player = await session(token);
      const running = await table(tableId);
      const betId = request.betId ?? randomUUID();
      const bet = { betId, playerId: player.playerId, kind: request.kind, stakePaise: request.stakePaise };
      const nowMs = clock.now().getTime();
      const reason = checkTableBet(running.state, nowMs, bet);
      if (reason !== null) {
        if (reason === 'BELOW_MIN_STAKE') fail('VALIDATION_FAILED', `Minimum bet is ₹${paiseToRupees(running.spec.config.minStakePaise)}`);
        if (reason === 'ABOVE_MAX_STAKE') fail('VALIDATION_FAILED', `Maximum bet is ₹${paiseToRupees(running.spec.config.maxStakePaise)}`);
        const [code, message] = TABLE_MESSAGES[reason] ?? ['CONFLICT', 'Betting is closed, wait for the next round'];
        fail(code, message);
      }
      const roundNumber = (running.state.round as NonNullable<TableState['round']>).roundNumber;
      const roundId = `${tableId}:${roundNumber}`;
      running.inFlight += 1;
      try {
        if (!(await repository.insertBet({ betId, tableId, roundNumber, userId: player.playerId, kind: request.kind, stakePaise: request.stakePaise, at: clock.now() }))) fail('CONFLICT', 'This bet was already placed');
        const debit = await wallet.debit({ playerId: player.playerId, transactionId: `bet-${betId}`, roundId, gameCode: tableId, amount: paiseToRupees(request.stakePaise) });
        if (debit.data.status !== 'OK') {
          await repository.setBet(betId, 'refused');
          refusal(debit);
        }
        const placed = placeBet(running.state, Math.max(clock.now().getTime(), running.state.lastCommandAtMs), bet);
        if (!placed.ok || running.state.round?.roundNumber !== roundNumber) {
          await wallet.rollback({ playerId: player.playerId, transactionId: `void-${betId}`, debitTransactionId: `bet-${betId}`, roundId, gameCode: tableId });
          await repository.setBet(betId, 'refused');
          fail('CONFLICT', 'Betting closed before your bet arrived, your stake is returned');
        }
        await repository.setBet(betId, 'placed');
        return { betId, roundNumber, kind: request.kind, stake: paiseToRupees(request.stakePaise), balance: debit.data.balance ?? 0 };
      } finally {
        running.inFlight -= 1;
      }
    },

    // Provably fair: anyone may check a finished round or a spin whose seed pair was rotated.

    async verifyTableRound(tableId: string, roundNumber: number) {
      const row = (await repository.round(tableId, roundNumber)) ?? fail('NOT_FOUND', 'No such round');
      const revealed = row.phase === 'revealed' || row.phase === 'settled' || row.phase === 'voided';
      const published = { serverSeed: revealed ? row.server_seed : null, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.round_number };
      const result = row.result as TableResult | null;
      let verification = null;
      if (revealed && result !== null) {
        const check = verifyTableRound(row.game as TableGame, { ...published, serverSeed: row.server_seed }, result);
        verification = { valid: check.valid, failure: check.valid ? null : check.failure, recomputed: check.recomputed };
      }
      return { kind: 'table' as const, game: row.game, published, claimed: revealed ? result : null, verification };
    },

    async verifySpin(spinId: string) {
      const spin = (await repository.spin(spinId)) ?? fail('NOT_FOUND', 'No such spin');
      const seed = (await repository.seed(spin.seed_id)) ?? fail('NOT_FOUND', 'No such spin');
      const slot = slotOf(spin.game_code);
      const revealed = !seed.active;
      const published = { serverSeed: revealed ? seed.server_seed : null, serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: spin.nonce };
      const claimed = { stakePaise: spin.stake_paise, stops: spin.stops, totalPayoutPaise: spin.payout_paise };
      let verification = null;
      if (revealed) {
        const check = verifySlotSpin(slot.config, { ...published, serverSeed: seed.server_seed }, claimed);
        verification = { valid: check.valid, failure: check.valid ? null : check.failure, recomputed: check.recomputed };
      }
      return { kind: 'slot' as const, game: { code: slot.code, config: slot.config }, published, claimed, verification };
    },
  };
}
export type HouseCasinoService = ReturnType<typeof createHouseCasinoService>;
