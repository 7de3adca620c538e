import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  DEFAULT_CRASH_CONFIG,
  advanceCrashRound,
  cashOutCrashBet,
  checkCrashBet,
  crashChainSeeds,
  crashMultiplierAt,
  openCrashRound,
  placeCrashBet,
} from '@khel/casino-games';
import type { CrashBet, CrashConfig, CrashEvent, CrashRound } from '@khel/casino-games';
import { paiseToRupees } from '@khel/money';
import type { Database } from '../../../db/database.js';
import { fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { createCrashBooks } from './crash-books.js';
import { createCrashRepository } from './crash-repository.js';
import { maskName, myCrashBet, publicCrashRound, refuse, verifyCrashRound } from './crash-views.js';
import { refusal } from './house-session.js';
import type { HouseWalletClient } from './house-wallet-client.js';

/** Rounds per committed seed chain; a new chain (and commitment) follows when one is used up. */
const CHAIN_LENGTH = 10_000;
/** How long the crash point stays on screen before the next round opens. */
const PAUSE_MS = 3_000;
const HISTORY = 20;

export interface CrashPlayer {
  playerId: string;
  playerName: string;
}

/**
 * The house provider's crash game: one shared round at a time, seeds taken backwards down a committed
 * chain, the multiplier climbing live for everyone (events for the WebSocket), and the server's clock
 * the only judge between a cash-out and the crash (@khel/casino-games CR-7/CR-8). Money moves only
 * through the signed wallet: the stake is debited before the bet joins the round, every decided bet
 * is credited (0 when lost, which closes the wallet round), and what did not get through is retried.
 */
export function createHouseCrashService(deps: {
  db: Database;
  clock: Clock;
  wallet: HouseWalletClient;
  player: (token: string | undefined) => Promise<CrashPlayer>;
  config?: CrashConfig;
}) {
  const { db, clock, wallet } = deps;
  const config = deps.config ?? DEFAULT_CRASH_CONFIG;
  const game = config.gameId;
  const repository = createCrashRepository(db);
  const books = createCrashBooks({ repository, wallet, clock, game });
  const { credit, roundId } = books;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const names = new Map<string, string>();
  let round: CrashRound | null = null;
  /** The chain being played; its rounds' seeds are walked once, at its first round here (not per round). */
  let chain: {
    id: number;
    terminal: string;
    commitment: string;
    length: number;
    index: number;
    seeds?: string[];
  } | null = null;
  let history: { roundNumber: number; crashPoint: number }[] = [];
  let nextRoundNumber = 1;
  let inFlight = 0;
  let loaded: Promise<void> | null = null;
  let busy = false;
  let timer: NodeJS.Timeout | null = null;

  const publish = (message: Record<string, unknown>) => events.emit('message', message);
  const nowMs = () => Math.max(clock.now().getTime(), round?.lastCommandAtMs ?? 0);

  async function load(): Promise<void> {
    const last = await repository.lastRound(game);
    nextRoundNumber = (last?.round_number ?? 0) + 1;
    const latest = await repository.latestChain(game);
    if (latest !== null)
      chain = {
        id: latest.id,
        terminal: latest.terminal_seed,
        commitment: latest.commitment,
        length: latest.length,
        index: last !== null && last.chain_id === latest.id ? last.chain_index : 0,
      };
    history = (await repository.finishedRounds(game, HISTORY)).map((r) => ({
      roundNumber: r.round_number,
      crashPoint: r.crash_point_hundredths,
    }));
  }
  const ensureLoaded = () => (loaded ??= load());

  async function nextSeed(): Promise<{ chainId: number; index: number; seed: string }> {
    if (chain === null || chain.index >= chain.length) {
      const terminal = randomBytes(32).toString('hex');
      const { seeds, commitment } = crashChainSeeds(terminal, CHAIN_LENGTH);
      const row = await repository.insertChain({
        gameCode: game,
        terminalSeed: terminal,
        commitment,
        length: CHAIN_LENGTH,
      });
      chain = { id: row.id, terminal, commitment, length: CHAIN_LENGTH, index: 0, seeds };
    }
    chain.index += 1;
    chain.seeds ??= crashChainSeeds(chain.terminal, chain.length).seeds;
    return { chainId: chain.id, index: chain.index, seed: chain.seeds[chain.index - 1] as string };
  }

  /** Records and pays a decided bet, then tells everyone about a cash-out. */
  async function decided(bet: CrashBet, roundNumber: number): Promise<void> {
    await repository.decideBet(bet.betId, bet.cashOutHundredths, bet.payoutPaise ?? 0);
    if (bet.status === 'cashed_out') {
      publish({
        type: 'cashout',
        roundNumber,
        player: maskName(names.get(bet.playerId) ?? ''),
        slot: bet.slot,
        multiplier: bet.cashOutHundredths,
        payout: paiseToRupees(bet.payoutPaise ?? 0),
      });
    }
    await credit({
      bet_id: bet.betId,
      user_id: bet.playerId,
      round_number: roundNumber,
      payout_paise: bet.payoutPaise,
    }).catch(() => undefined);
  }

  async function handle(current: CrashRound, happened: CrashEvent[]): Promise<void> {
    for (const event of happened) {
      if (event.kind === 'cash_out' && event.bet !== undefined) await decided(event.bet, current.roundNumber);
    }
    if (happened.some((e) => e.kind === 'crash')) {
      const lost = current.bets.filter((b) => b.status === 'lost');
      const totalStakePaise = current.bets.reduce((sum, b) => sum + b.stakePaise, 0);
      const totalPayoutPaise = current.bets.reduce((sum, b) => sum + (b.payoutPaise ?? 0), 0);
      await repository.finishRound(game, current.roundNumber, {
        phase: 'crashed',
        totalStakePaise,
        totalPayoutPaise,
        finishedAtMs: current.crashAtMs,
      });
      history = [{ roundNumber: current.roundNumber, crashPoint: current.crashPointHundredths }, ...history].slice(
        0,
        HISTORY,
      );
      publish({
        type: 'crash',
        roundNumber: current.roundNumber,
        crashPoint: current.crashPointHundredths,
        serverSeed: current.serverSeed,
        serverNowMs: clock.now().getTime(),
      });
      await Promise.all(lost.map((bet) => decided(bet, current.roundNumber)));
    }
  }

  /** One step at the clock's time: open a round after the pause, take off, pay auto cash-outs, crash. */
  async function step(): Promise<void> {
    const now = nowMs();
    if (round === null || (round.phase === 'crashed' && now >= round.crashAtMs + PAUSE_MS)) {
      const { chainId, index, seed } = await nextSeed();
      const opened = openCrashRound(config, nextRoundNumber, seed, now);
      await repository.insertRound({
        game_code: game,
        round_number: opened.roundNumber,
        chain_id: chainId,
        chain_index: index,
        phase: 'betting',
        server_seed: seed,
        server_seed_hash: opened.serverSeedHash,
        crash_point_hundredths: opened.crashPointHundredths,
        opened_at_ms: opened.openedAtMs,
        starts_at_ms: opened.startsAtMs,
        crash_at_ms: opened.crashAtMs,
      });
      nextRoundNumber += 1;
      round = opened;
      publish({ type: 'round', round: publicCrashRound(opened, names, null), serverNowMs: now });
      return;
    }
    if (round.phase === 'crashed') return;
    // A bet whose debit is still in flight at take-off is refused by placeCrashBet and rolled back.
    if (round.phase === 'betting' && now >= round.startsAtMs && inFlight > 0) return;
    const wasBetting = round.phase === 'betting';
    const advanced = advanceCrashRound(config, round, now);
    if (!advanced.ok) return;
    if (wasBetting && round.phase !== 'betting') await repository.setRunning(game, round.roundNumber);
    if (round.phase === 'running')
      publish({
        type: 'tick',
        roundNumber: round.roundNumber,
        multiplier: crashMultiplierAt(now - round.startsAtMs, config.growthPerMs),
        serverNowMs: now,
      });
    await handle(round, advanced.events);
  }

  async function tick(): Promise<void> {
    await ensureLoaded();
    if (busy) return;
    busy = true;
    try {
      await step();
    } finally {
      busy = false;
    }
  }

  const sweep = books.sweep;
  /** At start: rounds a restart cut off are voided (undecided stakes rolled back), then the sweep. */
  async function recover(): Promise<void> {
    await ensureLoaded();
    await books.voidCutOffRounds(round?.roundNumber ?? null);
    await sweep();
  }

  return {
    gameCode: game,
    tick,
    sweep,
    recover,
    /** Live messages for the WebSocket: round, tick, bet, cashout, crash. */
    onMessage(listener: (message: Record<string, unknown>) => void): () => void {
      events.on('message', listener);
      return () => events.off('message', listener);
    },
    start(): void {
      if (timer !== null) return;
      void recover().catch(() => undefined);
      let ticks = 0;
      timer = setInterval(() => {
        ticks += 1;
        void tick().catch(() => undefined);
        if (ticks % 300 === 0) void sweep().catch(() => undefined);
      }, 100);
      timer.unref();
    },
    stop(): void {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },

    async state(token: string | undefined) {
      const player = await deps.player(token);
      await ensureLoaded();
      const mine = (await repository.recentBetsOf(player.playerId, game, 20)).map((bet) => myCrashBet(bet, round));
      return {
        round: round === null ? null : publicCrashRound(round, names, player.playerId),
        serverNowMs: clock.now().getTime(),
        growthPerMs: config.growthPerMs,
        houseEdgeBasisPoints: config.houseEdgeBasisPoints,
        minStake: paiseToRupees(config.minStakePaise),
        maxStake: paiseToRupees(config.maxStakePaise),
        betsPerPlayer: config.betsPerPlayer,
        commitment: chain?.commitment ?? null,
        history,
        myBets: mine,
      };
    },

    /** A bet before take-off: checked, debited through the wallet, then placed (rolled back if the round took off meanwhile). */
    async placeBet(
      token: string | undefined,
      request: { slot: number; stakePaise: number; autoCashOutHundredths: number | null; betId?: string },
    ) {
      const player = await deps.player(token);
      await ensureLoaded();
      names.set(player.playerId, player.playerName);
      const current = round ?? fail('CONFLICT', 'Bets are closed, wait for the next round');
      const bet = {
        betId: request.betId ?? randomUUID(),
        playerId: player.playerId,
        slot: request.slot,
        stakePaise: request.stakePaise,
        autoCashOutHundredths: request.autoCashOutHundredths,
      };
      const reason = checkCrashBet(config, current, nowMs(), bet);
      if (reason !== null) refuse(reason, config);
      inFlight += 1;
      try {
        if (
          !(await repository.insertBet({
            ...bet,
            gameCode: game,
            roundNumber: current.roundNumber,
            userId: player.playerId,
            at: clock.now(),
          }))
        )
          fail('CONFLICT', 'This bet was already placed');
        const debit = await wallet.debit({
          playerId: player.playerId,
          transactionId: `bet-${bet.betId}`,
          roundId: roundId(current.roundNumber),
          gameCode: game,
          amount: paiseToRupees(bet.stakePaise),
        });
        if (debit.data.status !== 'OK') {
          await repository.setBetStatus(bet.betId, 'refused');
          refusal(debit);
        }
        const placed = placeCrashBet(config, current, nowMs(), bet);
        if (!placed.ok || round !== current) {
          await wallet.rollback({
            playerId: player.playerId,
            transactionId: `void-${bet.betId}`,
            debitTransactionId: `bet-${bet.betId}`,
            roundId: roundId(current.roundNumber),
            gameCode: game,
          });
          await repository.setBetStatus(bet.betId, 'refused');
          fail('CONFLICT', 'The round took off before your bet arrived, your stake is returned');
        }
        await repository.setBetStatus(bet.betId, 'placed');
        publish({
          type: 'bet',
          roundNumber: current.roundNumber,
          player: maskName(player.playerName),
          slot: bet.slot,
          stake: paiseToRupees(bet.stakePaise),
        });
        return {
          betId: bet.betId,
          roundNumber: current.roundNumber,
          slot: bet.slot,
          stake: paiseToRupees(bet.stakePaise),
          balance: debit.data.balance ?? 0,
        };
      } finally {
        inFlight -= 1;
      }
    },

    /** A cash-out: decided at once by the server's clock (CR-8), then recorded and credited. */
    async cashOut(token: string | undefined, slot: number) {
      const player = await deps.player(token);
      await ensureLoaded();
      const current = round ?? fail('CONFLICT', 'You have no bet in this round');
      // Decided synchronously at the request's time: auto cash-outs and a crash that came first win the race.
      const now = nowMs();
      const advanced = advanceCrashRound(config, current, now);
      const answer = cashOutCrashBet(config, current, now, player.playerId, slot);
      await handle(current, advanced.ok ? advanced.events : []);
      if (!answer.ok) refuse(answer.reason, config);
      await repository.decideBet(answer.bet.betId, answer.bet.cashOutHundredths, answer.bet.payoutPaise ?? 0);
      publish({
        type: 'cashout',
        roundNumber: current.roundNumber,
        player: maskName(player.playerName),
        slot,
        multiplier: answer.bet.cashOutHundredths,
        payout: paiseToRupees(answer.bet.payoutPaise ?? 0),
      });
      const paid = await credit({
        bet_id: answer.bet.betId,
        user_id: player.playerId,
        round_number: current.roundNumber,
        payout_paise: answer.bet.payoutPaise,
      }).catch(() => null);
      return {
        roundNumber: current.roundNumber,
        slot,
        multiplier: answer.bet.cashOutHundredths as number,
        payout: paiseToRupees(answer.bet.payoutPaise ?? 0),
        balance: paid?.data.balance ?? null,
      };
    },

    /** Anyone: a finished round's seed, its place on the chain and the crash point recomputed. */
    async verify(roundNumber: number) {
      return verifyCrashRound(repository, config, game, roundNumber);
    },
  };
}
export type HouseCrashService = ReturnType<typeof createHouseCrashService>;
