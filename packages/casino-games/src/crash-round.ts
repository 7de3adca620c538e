/**
 * Crash rounds (SPEC.md CR-6..CR-9): a pure state machine with the time passed in. Betting until
 * `startsAtMs`, then the multiplier climbs until `crashAtMs`. The server is the only judge of a race
 * between a cash-out and the crash: every command first advances the round to its own time (auto
 * cash-outs whose target came first are paid, the crash happens if due), then applies. So a bet is
 * either cashed out at a multiplier ≤ the crash point or lost, never both.
 */
import { crashElapsedFor, crashMultiplierAt, crashPointHundredths } from './crash.js';
import { hashServerSeed } from './provably-fair.js';

export interface CrashConfig {
  gameId: string;
  /** The public salt mixed into every round's crash point (CR-3). */
  salt: string;
  houseEdgeBasisPoints: number;
  growthPerMs: number;
  bettingWindowMs: number;
  minStakePaise: number;
  maxStakePaise: number;
  /** Bets a player may have in one round (slots 0 … n − 1). */
  betsPerPlayer: number;
  minAutoCashOutHundredths: number;
  maxAutoCashOutHundredths: number;
}

export const DEFAULT_CRASH_CONFIG: CrashConfig = {
  gameId: 'crash',
  salt: 'khel-crash',
  houseEdgeBasisPoints: 300,
  growthPerMs: 0.00012,
  bettingWindowMs: 6_000,
  minStakePaise: 10_00,
  maxStakePaise: 10_000_00,
  betsPerPlayer: 2,
  minAutoCashOutHundredths: 101,
  maxAutoCashOutHundredths: 100_000,
};

export type CrashBetStatus = 'open' | 'cashed_out' | 'lost';

export interface CrashBet {
  betId: string;
  playerId: string;
  slot: number;
  stakePaise: number;
  autoCashOutHundredths: number | null;
  status: CrashBetStatus;
  cashOutHundredths: number | null;
  cashedOutAtMs: number | null;
  /** Set once the bet is decided: floor(stake × cash-out / 100), or 0 when lost. */
  payoutPaise: number | null;
}

export type CrashPhase = 'betting' | 'running' | 'crashed';

export interface CrashRound {
  roundNumber: number;
  phase: CrashPhase;
  /** Secret until the crash: never send it before (crashRoundView hides it). */
  serverSeed: string;
  serverSeedHash: string;
  crashPointHundredths: number;
  openedAtMs: number;
  startsAtMs: number;
  crashAtMs: number;
  lastCommandAtMs: number;
  bets: CrashBet[];
}

export const CRASH_REASONS = [
  'STALE_TIME',
  'BETTING_CLOSED',
  'BAD_SLOT',
  'SLOT_TAKEN',
  'DUPLICATE_BET_ID',
  'INVALID_STAKE',
  'BELOW_MIN_STAKE',
  'ABOVE_MAX_STAKE',
  'BAD_AUTO_CASH_OUT',
  'NO_BET',
  'NOT_STARTED',
  'ALREADY_CASHED_OUT',
  'CRASHED',
] as const;
export type CrashReason = (typeof CRASH_REASONS)[number];
export type CrashOutcome<T> = ({ ok: true } & T) | { ok: false; reason: CrashReason };

export interface CrashEvent {
  kind: 'cash_out' | 'crash';
  atMs: number;
  bet?: CrashBet;
}

/** CR-6: a round from the chain's seed for it; bets until nowMs + bettingWindowMs. */
export function openCrashRound(
  config: CrashConfig,
  roundNumber: number,
  serverSeed: string,
  nowMs: number,
): CrashRound {
  const crashPoint = crashPointHundredths(serverSeed, config.salt, config.houseEdgeBasisPoints);
  const startsAtMs = nowMs + config.bettingWindowMs;
  return {
    roundNumber,
    phase: 'betting',
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    crashPointHundredths: crashPoint,
    openedAtMs: nowMs,
    startsAtMs,
    crashAtMs: startsAtMs + crashElapsedFor(crashPoint, config.growthPerMs),
    lastCommandAtMs: nowMs,
    bets: [],
  };
}

function decide(bet: CrashBet, multiplier: number, atMs: number): void {
  bet.status = 'cashed_out';
  bet.cashOutHundredths = multiplier;
  bet.cashedOutAtMs = atMs;
  bet.payoutPaise = Math.floor((bet.stakePaise * multiplier) / 100);
}

/**
 * CR-7: brings the round to nowMs. Auto cash-outs whose target is reached by nowMs (and no later than
 * the crash: a target equal to the crash point is paid) are cashed at their target, in time order;
 * at crashAtMs every open bet is lost and the phase is crashed.
 */
export function advanceCrashRound(
  config: CrashConfig,
  round: CrashRound,
  nowMs: number,
): CrashOutcome<{ events: CrashEvent[] }> {
  if (!Number.isFinite(nowMs) || nowMs < round.lastCommandAtMs) return { ok: false, reason: 'STALE_TIME' };
  round.lastCommandAtMs = nowMs;
  const events: CrashEvent[] = [];
  if (round.phase === 'crashed' || nowMs < round.startsAtMs) return { ok: true, events };
  round.phase = 'running';
  const due = round.bets
    .filter(
      (bet) =>
        bet.status === 'open' &&
        bet.autoCashOutHundredths !== null &&
        bet.autoCashOutHundredths <= round.crashPointHundredths,
    )
    .map((bet) => ({
      bet,
      atMs: round.startsAtMs + crashElapsedFor(bet.autoCashOutHundredths as number, config.growthPerMs),
    }))
    .filter((entry) => entry.atMs <= nowMs)
    .sort((a, b) => a.atMs - b.atMs);
  for (const { bet, atMs } of due) {
    decide(bet, bet.autoCashOutHundredths as number, atMs);
    events.push({ kind: 'cash_out', atMs, bet });
  }
  if (nowMs >= round.crashAtMs) {
    for (const bet of round.bets) {
      if (bet.status !== 'open') continue;
      bet.status = 'lost';
      bet.payoutPaise = 0;
    }
    round.phase = 'crashed';
    events.push({ kind: 'crash', atMs: round.crashAtMs });
  }
  return { ok: true, events };
}

export interface CrashBetRequest {
  betId: string;
  playerId: string;
  slot: number;
  stakePaise: number;
  autoCashOutHundredths: number | null;
}

/** CR-6: null when the bet may be placed at nowMs, else the first reason. */
export function checkCrashBet(
  config: CrashConfig,
  round: CrashRound,
  nowMs: number,
  request: CrashBetRequest,
): CrashReason | null {
  if (!Number.isFinite(nowMs) || nowMs < round.lastCommandAtMs) return 'STALE_TIME';
  if (round.phase !== 'betting' || nowMs >= round.startsAtMs) return 'BETTING_CLOSED';
  if (!Number.isSafeInteger(request.slot) || request.slot < 0 || request.slot >= config.betsPerPlayer)
    return 'BAD_SLOT';
  if (round.bets.some((b) => b.playerId === request.playerId && b.slot === request.slot)) return 'SLOT_TAKEN';
  if (round.bets.some((b) => b.betId === request.betId)) return 'DUPLICATE_BET_ID';
  if (!Number.isSafeInteger(request.stakePaise) || request.stakePaise < 1 || request.stakePaise > 10_000_000_000)
    return 'INVALID_STAKE';
  if (request.stakePaise < config.minStakePaise) return 'BELOW_MIN_STAKE';
  if (request.stakePaise > config.maxStakePaise) return 'ABOVE_MAX_STAKE';
  const auto = request.autoCashOutHundredths;
  if (
    auto !== null &&
    (!Number.isSafeInteger(auto) || auto < config.minAutoCashOutHundredths || auto > config.maxAutoCashOutHundredths)
  )
    return 'BAD_AUTO_CASH_OUT';
  return null;
}

/** CR-6: takes a bet before take-off. The server debits the wallet before calling this. */
export function placeCrashBet(
  config: CrashConfig,
  round: CrashRound,
  nowMs: number,
  request: CrashBetRequest,
): CrashOutcome<{ bet: CrashBet }> {
  const reason = checkCrashBet(config, round, nowMs, request);
  if (reason !== null) return { ok: false, reason };
  round.lastCommandAtMs = nowMs;
  const bet: CrashBet = { ...request, status: 'open', cashOutHundredths: null, cashedOutAtMs: null, payoutPaise: null };
  round.bets.push(bet);
  return { ok: true, bet };
}

/**
 * CR-8: a cash-out request arriving at nowMs (the server's clock). The round is first advanced to
 * nowMs; then an open bet is paid at the multiplier of that instant, which is below the crash point
 * because the round has not crashed. At or after crashAtMs the answer is CRASHED.
 */
export function cashOutCrashBet(
  config: CrashConfig,
  round: CrashRound,
  nowMs: number,
  playerId: string,
  slot: number,
): CrashOutcome<{ bet: CrashBet; events: CrashEvent[] }> {
  const advanced = advanceCrashRound(config, round, nowMs);
  if (!advanced.ok) return advanced;
  const bet = round.bets.find((b) => b.playerId === playerId && b.slot === slot);
  if (bet === undefined) return { ok: false, reason: 'NO_BET' };
  if (bet.status === 'cashed_out') return { ok: false, reason: 'ALREADY_CASHED_OUT' };
  if (round.phase === 'crashed' || bet.status === 'lost') return { ok: false, reason: 'CRASHED' };
  if (round.phase === 'betting') return { ok: false, reason: 'NOT_STARTED' };
  const multiplier = Math.min(
    crashMultiplierAt(nowMs - round.startsAtMs, config.growthPerMs),
    round.crashPointHundredths,
  );
  decide(bet, multiplier, nowMs);
  return { ok: true, bet, events: [...advanced.events, { kind: 'cash_out', atMs: nowMs, bet }] };
}

export interface CrashRoundView {
  roundNumber: number;
  phase: CrashPhase;
  serverSeedHash: string;
  /** Only after the crash. */
  serverSeed: string | null;
  crashPointHundredths: number | null;
  startsAtMs: number;
  /** Only after the crash. */
  crashAtMs: number | null;
  bets: {
    playerId: string;
    slot: number;
    stakePaise: number;
    status: CrashBetStatus;
    cashOutHundredths: number | null;
    payoutPaise: number | null;
  }[];
}

/** CR-9: what every player may see. The seed and the crash point never leave before the crash. */
export function crashRoundView(round: CrashRound): CrashRoundView {
  const over = round.phase === 'crashed';
  return {
    roundNumber: round.roundNumber,
    phase: round.phase,
    serverSeedHash: round.serverSeedHash,
    serverSeed: over ? round.serverSeed : null,
    crashPointHundredths: over ? round.crashPointHundredths : null,
    startsAtMs: round.startsAtMs,
    crashAtMs: over ? round.crashAtMs : null,
    bets: round.bets.map((b) => ({
      playerId: b.playerId,
      slot: b.slot,
      stakePaise: b.stakePaise,
      status: b.status,
      cashOutHundredths: b.cashOutHundredths,
      payoutPaise: b.payoutPaise,
    })),
  };
}
