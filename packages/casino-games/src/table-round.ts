/**
 * Live-style table rounds that every player at a table shares (SPEC.md TBL-1..TBL-9). A pure state
 * machine fed commands with the time passed in: betting (a window of bettingWindowMs) → closed →
 * revealed → settled, or voided. The server owns the clock, the timers, the wallet and persistence;
 * the state is plain JSON so it can be stored after every command and replayed.
 */
import {
  ANDAR_BAHAR_BET_KINDS,
  andarBaharReturnHundredths,
  dealAndarBahar,
  validateAndarBaharConfig,
  type AndarBaharConfig,
  type AndarBaharResult,
} from './andar-bahar.js';
import {
  dealDragonTiger,
  dragonTigerBetKinds,
  dragonTigerReturnHundredths,
  validateDragonTigerConfig,
  type DragonTigerBetKind,
  type DragonTigerConfig,
  type DragonTigerResult,
} from './dragon-tiger.js';
import {
  LUCKY_SEVEN_BET_KINDS,
  dealLuckySeven,
  luckySevenReturnHundredths,
  validateLuckySevenConfig,
  type LuckySevenBetKind,
  type LuckySevenConfig,
  type LuckySevenResult,
} from './lucky-seven.js';
import { checkSeeds, hashServerSeed, type RoundSeeds } from './provably-fair.js';
import {
  TEEN_PATTI_BET_KINDS,
  dealTeenPatti,
  teenPattiReturnHundredths,
  validateTeenPattiConfig,
  type TeenPattiBetKind,
  type TeenPattiConfig,
  type TeenPattiResult,
} from './teen-patti.js';

export type TableGame =
  | { kind: 'dragon-tiger'; rules: DragonTigerConfig }
  | { kind: 'andar-bahar'; rules: AndarBaharConfig }
  | { kind: 'teen-patti'; rules: TeenPattiConfig }
  | { kind: 'lucky-seven'; rules: LuckySevenConfig };
export type TableGameKind = TableGame['kind'];

export type TableResult =
  | ({ kind: 'dragon-tiger' } & DragonTigerResult)
  | ({ kind: 'andar-bahar' } & AndarBaharResult)
  | ({ kind: 'teen-patti' } & TeenPattiResult)
  | ({ kind: 'lucky-seven' } & LuckySevenResult);

/** The bet kinds a game offers (TBL-4). */
export function tableBetKinds(game: TableGame): string[] {
  switch (game.kind) {
    case 'dragon-tiger':
      return dragonTigerBetKinds(game.rules);
    case 'andar-bahar':
      return [...ANDAR_BAHAR_BET_KINDS];
    case 'teen-patti':
      return [...TEEN_PATTI_BET_KINDS];
    case 'lucky-seven':
      return [...LUCKY_SEVEN_BET_KINDS];
  }
}

/** TBL-5: the round's result from its seeds (DT-2, AB-1, TP-3, L7-2). */
export function dealTableRound(game: TableGame, seeds: RoundSeeds): TableResult {
  switch (game.kind) {
    case 'dragon-tiger':
      return { kind: 'dragon-tiger', ...dealDragonTiger(game.rules, seeds) };
    case 'andar-bahar':
      return { kind: 'andar-bahar', ...dealAndarBahar(game.rules, seeds) };
    case 'teen-patti':
      return { kind: 'teen-patti', ...dealTeenPatti(seeds) };
    case 'lucky-seven':
      return { kind: 'lucky-seven', ...dealLuckySeven(seeds) };
  }
}

/** Return per stake in hundredths of one bet kind on a result (DT-3, AB-2). */
export function tableReturnHundredths(game: TableGame, result: TableResult, kind: string): number {
  if (game.kind === 'dragon-tiger' && result.kind === 'dragon-tiger')
    return dragonTigerReturnHundredths(game.rules, result, kind as DragonTigerBetKind);
  if (game.kind === 'andar-bahar' && result.kind === 'andar-bahar')
    return andarBaharReturnHundredths(game.rules, result, kind === 'andar' ? 'andar' : 'bahar');
  if (game.kind === 'teen-patti' && result.kind === 'teen-patti')
    return teenPattiReturnHundredths(game.rules, result, kind as TeenPattiBetKind);
  if (game.kind === 'lucky-seven' && result.kind === 'lucky-seven')
    return luckySevenReturnHundredths(game.rules, result, kind as LuckySevenBetKind);
  throw new Error('tableReturnHundredths: the result is of another game');
}

/** The winner as the road shows it: dragon / tiger / tie, andar / bahar, player_a / player_b / tie, low / seven / high. */
export function tableWinner(result: TableResult): string {
  return result.winner;
}

export interface TableConfig {
  tableId: string;
  game: TableGame;
  /** The table's public client seed: the same every round; rounds differ by server seed and nonce. */
  clientSeed: string;
  bettingWindowMs: number;
  minStakePaise: number;
  maxStakePaise: number;
  /** How many finished rounds the road keeps, newest first. */
  historyLength: number;
}

export type RoundPhase = 'betting' | 'closed' | 'revealed' | 'settled' | 'voided';

export interface TableBet {
  betId: string;
  playerId: string;
  kind: string;
  stakePaise: number;
  placedAtMs: number;
}

export interface TableBetPayout {
  betId: string;
  playerId: string;
  kind: string;
  stakePaise: number;
  /** Credited to the player: stake included, rounded down; the stake itself when the round is voided. */
  payoutPaise: number;
}

export interface TableRound {
  roundNumber: number;
  phase: RoundPhase;
  /** Secret until the round is revealed or voided: never send it before (tableView hides it). */
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** = roundNumber. */
  nonce: number;
  openedAtMs: number;
  closesAtMs: number;
  closedAtMs: number | null;
  revealedAtMs: number | null;
  finishedAtMs: number | null;
  bets: TableBet[];
  result: TableResult | null;
  payouts: TableBetPayout[] | null;
}

/** One finished round as the road and the verify page show it. */
export interface RoundRecord {
  roundNumber: number;
  phase: 'settled' | 'voided';
  result: TableResult | null;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  openedAtMs: number;
  finishedAtMs: number;
  totalStakePaise: number;
  totalPayoutPaise: number;
}

export interface TableState {
  config: TableConfig;
  nextRoundNumber: number;
  /** The latest time (ms, ≥ 0) a command carried; a command from earlier is refused (TBL-2). */
  lastCommandAtMs: number;
  round: TableRound | null;
  /** Newest first, at most config.historyLength. */
  history: RoundRecord[];
}

/** Ordered by precedence: when several apply the first listed is reported. */
export const TABLE_REASONS = [
  'STALE_TIME',
  'INVALID_SERVER_SEED',
  'ROUND_IN_PROGRESS',
  'NO_ROUND',
  'WRONG_PHASE',
  'BETTING_CLOSED',
  'BETTING_STILL_OPEN',
  'UNKNOWN_BET_KIND',
  'DUPLICATE_BET_ID',
  'INVALID_STAKE',
  'BELOW_MIN_STAKE',
  'ABOVE_MAX_STAKE',
] as const;
export type TableReason = (typeof TABLE_REASONS)[number];

export type TableOutcome<T> = ({ ok: true } & T) | { ok: false; reason: TableReason };

/** Largest stake of one table bet: ₹10 crore, so stake × return stays an exact integer. */
export const MAX_TABLE_STAKE_PAISE = 10_000_000_000;

/** TBL-1: every problem of a table configuration (empty when valid). */
export function validateTableConfig(config: TableConfig): string[] {
  const problems: string[] = [];
  if (typeof config.tableId !== 'string' || config.tableId.length === 0) problems.push('BAD_TABLE_ID');
  if (config.game.kind === 'dragon-tiger') problems.push(...validateDragonTigerConfig(config.game.rules));
  else if (config.game.kind === 'andar-bahar') problems.push(...validateAndarBaharConfig(config.game.rules));
  else if (config.game.kind === 'teen-patti') problems.push(...validateTeenPattiConfig(config.game.rules));
  else if (config.game.kind === 'lucky-seven') problems.push(...validateLuckySevenConfig(config.game.rules));
  else problems.push('UNKNOWN_GAME');
  if (checkSeeds({ serverSeed: '0'.repeat(64), clientSeed: config.clientSeed, nonce: 0 }) !== null)
    problems.push('BAD_CLIENT_SEED');
  if (
    !Number.isSafeInteger(config.bettingWindowMs) ||
    config.bettingWindowMs < 1_000 ||
    config.bettingWindowMs > 600_000
  )
    problems.push('BAD_BETTING_WINDOW');
  if (
    !Number.isSafeInteger(config.minStakePaise) ||
    !Number.isSafeInteger(config.maxStakePaise) ||
    config.minStakePaise < 1 ||
    config.maxStakePaise < config.minStakePaise ||
    config.maxStakePaise > MAX_TABLE_STAKE_PAISE
  ) {
    problems.push('BAD_STAKE_LIMITS');
  }
  if (!Number.isSafeInteger(config.historyLength) || config.historyLength < 0 || config.historyLength > 1_000)
    problems.push('BAD_HISTORY_LENGTH');
  return problems;
}

/** TBL-1: a table with no round yet. `history` lets the server restore the road after a restart. */
export function createTable(
  config: TableConfig,
  options: { nextRoundNumber?: number; history?: RoundRecord[] } = {},
): TableState {
  const problems = validateTableConfig(config);
  if (problems.length > 0) throw new Error(`invalid table config ${config.tableId}: ${problems.join(', ')}`);
  return {
    config,
    nextRoundNumber: options.nextRoundNumber ?? 1,
    lastCommandAtMs: 0,
    round: null,
    history: (options.history ?? []).slice(0, config.historyLength),
  };
}

function refuse(reason: TableReason): { ok: false; reason: TableReason } {
  return { ok: false, reason };
}

/** TBL-2: times never run backwards; a command stamped earlier than the last one changes nothing. */
function isStale(table: TableState, nowMs: number): boolean {
  return !Number.isFinite(nowMs) || nowMs < table.lastCommandAtMs;
}

/**
 * TBL-3: opens the next round: its server seed (from the server's CSPRNG) stays secret, its hash is
 * published at once; bets are taken from nowMs until nowMs + bettingWindowMs (exclusive).
 */
export function openRound(table: TableState, nowMs: number, serverSeed: string): TableOutcome<{ round: TableRound }> {
  if (isStale(table, nowMs)) return refuse('STALE_TIME');
  const roundNumber = table.nextRoundNumber;
  const seeds: RoundSeeds = { serverSeed, clientSeed: table.config.clientSeed, nonce: roundNumber };
  if (checkSeeds(seeds) !== null) return refuse('INVALID_SERVER_SEED');
  if (table.round !== null && table.round.phase !== 'settled' && table.round.phase !== 'voided')
    return refuse('ROUND_IN_PROGRESS');
  table.lastCommandAtMs = nowMs;
  table.nextRoundNumber = roundNumber + 1;
  const round: TableRound = {
    roundNumber,
    phase: 'betting',
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed: seeds.clientSeed,
    nonce: roundNumber,
    openedAtMs: nowMs,
    closesAtMs: nowMs + table.config.bettingWindowMs,
    closedAtMs: null,
    revealedAtMs: null,
    finishedAtMs: null,
    bets: [],
    result: null,
    payouts: null,
  };
  table.round = round;
  return { ok: true, round };
}

export interface PlaceBetRequest {
  betId: string;
  playerId: string;
  kind: string;
  stakePaise: number;
}

/** TBL-4: null when the bet may be placed now, else the first reason in TABLE_REASONS order. */
export function checkTableBet(table: TableState, nowMs: number, bet: PlaceBetRequest): TableReason | null {
  if (isStale(table, nowMs)) return 'STALE_TIME';
  const round = table.round;
  if (round === null || round.phase === 'settled' || round.phase === 'voided') return 'NO_ROUND';
  if (round.phase !== 'betting' || nowMs >= round.closesAtMs) return 'BETTING_CLOSED';
  if (!tableBetKinds(table.config.game).includes(bet.kind)) return 'UNKNOWN_BET_KIND';
  if (round.bets.some((b) => b.betId === bet.betId)) return 'DUPLICATE_BET_ID';
  if (!Number.isSafeInteger(bet.stakePaise) || bet.stakePaise < 1 || bet.stakePaise > MAX_TABLE_STAKE_PAISE)
    return 'INVALID_STAKE';
  if (bet.stakePaise < table.config.minStakePaise) return 'BELOW_MIN_STAKE';
  if (bet.stakePaise > table.config.maxStakePaise) return 'ABOVE_MAX_STAKE';
  return null;
}

/** TBL-4: takes a bet during the betting window. The server debits the wallet before calling this. */
export function placeBet(table: TableState, nowMs: number, request: PlaceBetRequest): TableOutcome<{ bet: TableBet }> {
  const reason = checkTableBet(table, nowMs, request);
  if (reason !== null) return refuse(reason);
  table.lastCommandAtMs = nowMs;
  const bet: TableBet = {
    betId: request.betId,
    playerId: request.playerId,
    kind: request.kind,
    stakePaise: request.stakePaise,
    placedAtMs: nowMs,
  };
  (table.round as TableRound).bets.push(bet);
  return { ok: true, bet };
}

/** TBL-5: ends the betting window; refused while it is still open. */
export function closeBetting(table: TableState, nowMs: number): TableOutcome<{ round: TableRound }> {
  if (isStale(table, nowMs)) return refuse('STALE_TIME');
  const round = table.round;
  if (round === null || round.phase === 'settled' || round.phase === 'voided') return refuse('NO_ROUND');
  if (round.phase !== 'betting') return refuse('WRONG_PHASE');
  if (nowMs < round.closesAtMs) return refuse('BETTING_STILL_OPEN');
  table.lastCommandAtMs = nowMs;
  round.phase = 'closed';
  round.closedAtMs = nowMs;
  return { ok: true, round };
}

/** TBL-5: deals the result from the committed seeds and reveals the server seed. */
export function revealRound(
  table: TableState,
  nowMs: number,
): TableOutcome<{ round: TableRound; result: TableResult }> {
  if (isStale(table, nowMs)) return refuse('STALE_TIME');
  const round = table.round;
  if (round === null || round.phase === 'settled' || round.phase === 'voided') return refuse('NO_ROUND');
  if (round.phase !== 'closed') return refuse('WRONG_PHASE');
  table.lastCommandAtMs = nowMs;
  const result = dealTableRound(table.config.game, {
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
  });
  round.phase = 'revealed';
  round.revealedAtMs = nowMs;
  round.result = result;
  return { ok: true, round, result };
}

/** TBL-5: closeBetting then revealRound at the same time. */
export function closeAndReveal(
  table: TableState,
  nowMs: number,
): TableOutcome<{ round: TableRound; result: TableResult }> {
  const closed = closeBetting(table, nowMs);
  if (!closed.ok) return closed;
  return revealRound(table, nowMs);
}

function finish(table: TableState, round: TableRound, nowMs: number): void {
  round.finishedAtMs = nowMs;
  const payouts = round.payouts ?? [];
  const record: RoundRecord = {
    roundNumber: round.roundNumber,
    phase: round.phase === 'voided' ? 'voided' : 'settled',
    result: round.result,
    serverSeed: round.serverSeed,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    openedAtMs: round.openedAtMs,
    finishedAtMs: nowMs,
    totalStakePaise: round.bets.reduce((a, b) => a + b.stakePaise, 0),
    totalPayoutPaise: payouts.reduce((a, p) => a + p.payoutPaise, 0),
  };
  table.history = [record, ...table.history].slice(0, table.config.historyLength);
}

/** TBL-6: pays every bet of a revealed round (the server credits the wallet) and adds it to the road. */
export function settleRound(
  table: TableState,
  nowMs: number,
): TableOutcome<{ round: TableRound; payouts: TableBetPayout[] }> {
  if (isStale(table, nowMs)) return refuse('STALE_TIME');
  const round = table.round;
  if (round === null || round.phase === 'settled' || round.phase === 'voided') return refuse('NO_ROUND');
  if (round.phase !== 'revealed' || round.result === null) return refuse('WRONG_PHASE');
  table.lastCommandAtMs = nowMs;
  const { game } = table.config;
  const result = round.result;
  const payouts = round.bets.map((bet) => ({
    betId: bet.betId,
    playerId: bet.playerId,
    kind: bet.kind,
    stakePaise: bet.stakePaise,
    payoutPaise: Math.floor((bet.stakePaise * tableReturnHundredths(game, result, bet.kind)) / 100),
  }));
  round.phase = 'settled';
  round.payouts = payouts;
  finish(table, round, nowMs);
  return { ok: true, round, payouts };
}

/**
 * TBL-7: calls the round off before it is settled (a dealer fault, an operator's decision, a server
 * restart mid-round): every stake is returned and the seed is revealed.
 */
export function voidRound(
  table: TableState,
  nowMs: number,
): TableOutcome<{ round: TableRound; payouts: TableBetPayout[] }> {
  if (isStale(table, nowMs)) return refuse('STALE_TIME');
  const round = table.round;
  if (round === null || round.phase === 'settled' || round.phase === 'voided') return refuse('NO_ROUND');
  table.lastCommandAtMs = nowMs;
  const payouts = round.bets.map((bet) => ({
    betId: bet.betId,
    playerId: bet.playerId,
    kind: bet.kind,
    stakePaise: bet.stakePaise,
    payoutPaise: bet.stakePaise,
  }));
  round.phase = 'voided';
  round.payouts = payouts;
  finish(table, round, nowMs);
  return { ok: true, round, payouts };
}

export interface TableRoundView {
  roundNumber: number;
  phase: RoundPhase;
  serverSeedHash: string;
  /** Present only once the round is revealed, settled or voided. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  openedAtMs: number;
  closesAtMs: number;
  /** Betting time left at nowMs (0 once closed). */
  bettingMsLeft: number;
  result: TableResult | null;
  /** Sum of stakes per bet kind (the table's bet totals). */
  stakeByKindPaise: Record<string, number>;
}

export interface TableView {
  tableId: string;
  game: TableGame;
  minStakePaise: number;
  maxStakePaise: number;
  bettingWindowMs: number;
  round: TableRoundView | null;
  history: RoundRecord[];
}

/** TBL-8: what every player at the table may see at nowMs. The secret seed never leaves early. */
export function tableView(table: TableState, nowMs: number): TableView {
  const { config, round } = table;
  let roundView: TableRoundView | null = null;
  if (round !== null) {
    const stakeByKindPaise: Record<string, number> = {};
    for (const kind of tableBetKinds(config.game)) stakeByKindPaise[kind] = 0;
    for (const bet of round.bets) stakeByKindPaise[bet.kind] = (stakeByKindPaise[bet.kind] ?? 0) + bet.stakePaise;
    roundView = {
      roundNumber: round.roundNumber,
      phase: round.phase,
      serverSeedHash: round.serverSeedHash,
      serverSeed: round.phase === 'betting' || round.phase === 'closed' ? null : round.serverSeed,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      openedAtMs: round.openedAtMs,
      closesAtMs: round.closesAtMs,
      bettingMsLeft: round.phase === 'betting' ? Math.max(0, round.closesAtMs - nowMs) : 0,
      result: round.phase === 'betting' || round.phase === 'closed' ? null : round.result,
      stakeByKindPaise,
    };
  }
  return {
    tableId: config.tableId,
    game: config.game,
    minStakePaise: config.minStakePaise,
    maxStakePaise: config.maxStakePaise,
    bettingWindowMs: config.bettingWindowMs,
    round: roundView,
    history: table.history,
  };
}
