import { crashPointHundredths, crashRoundView, verifyCrashChain } from '@khel/casino-games';
import type { CrashConfig, CrashReason, CrashRound } from '@khel/casino-games';
import { paiseToRupees } from '@khel/money';
import { fail } from '../../../lib/app-error.js';
import type { CrashBetRow, CrashRepository } from './crash-repository.js';

const MESSAGES: Partial<Record<CrashReason, [code: 'CONFLICT' | 'VALIDATION_FAILED', message: string]>> = {
  BETTING_CLOSED: ['CONFLICT', 'Bets are closed, wait for the next round'],
  BAD_SLOT: ['VALIDATION_FAILED', 'Choose bet 1 or bet 2'],
  SLOT_TAKEN: ['CONFLICT', 'You already have this bet in the round'],
  DUPLICATE_BET_ID: ['CONFLICT', 'This bet was already placed'],
  INVALID_STAKE: ['VALIDATION_FAILED', 'Enter a stake'],
  BAD_AUTO_CASH_OUT: ['VALIDATION_FAILED', 'Auto cash out must be between 1.01× and 1000×'],
  NO_BET: ['CONFLICT', 'You have no bet in this round'],
  NOT_STARTED: ['CONFLICT', 'The round has not taken off yet'],
  ALREADY_CASHED_OUT: ['CONFLICT', 'Already cashed out'],
  CRASHED: ['CONFLICT', 'Too late, the round crashed'],
  STALE_TIME: ['CONFLICT', 'Try again'],
};

export function refuse(reason: CrashReason, config: CrashConfig): never {
  if (reason === 'BELOW_MIN_STAKE') fail('VALIDATION_FAILED', `Minimum bet is ₹${paiseToRupees(config.minStakePaise)}`);
  if (reason === 'ABOVE_MAX_STAKE') fail('VALIDATION_FAILED', `Maximum bet is ₹${paiseToRupees(config.maxStakePaise)}`);
  const [code, message] = MESSAGES[reason] ?? ['CONFLICT', 'Try again'];
  fail(code, message);
}

/** "Ravi Kumar" → "Ra***": other players' cash-outs are shown without their names. */
export function maskName(name: string): string {
  return `${name.trim().slice(0, 2) || 'Pl'}***`;
}

/**
 * The round as everyone sees it: the engine's view (no seed or crash point before the crash), each
 * bet under its player's masked name, never an account id; `mine` marks the viewer's own bets.
 */
export function publicCrashRound(round: CrashRound, names: ReadonlyMap<string, string>, viewerId: string | null) {
  const { bets, ...view } = crashRoundView(round);
  return {
    ...view,
    bets: bets.map(({ playerId, ...bet }) => ({
      player: maskName(names.get(playerId) ?? ''),
      mine: playerId === viewerId,
      ...bet,
    })),
  };
}

type MyBetStatus = 'open' | 'cashed_out' | 'lost' | 'voided';

/** One of the player's crash bets, from the live round when it is in it, else from the books. */
export function myCrashBet(bet: CrashBetRow, round: CrashRound | null) {
  const live = round?.bets.find((b) => b.betId === bet.bet_id);
  const multiplier = live?.cashOutHundredths ?? bet.cash_out_hundredths;
  const payout = live?.payoutPaise ?? bet.payout_paise;
  const stored: MyBetStatus =
    bet.status === 'voided'
      ? 'voided'
      : bet.payout_paise === null
        ? 'open'
        : bet.cash_out_hundredths === null
          ? 'lost'
          : 'cashed_out';
  return {
    betId: bet.bet_id,
    roundNumber: bet.round_number,
    slot: bet.slot,
    stake: paiseToRupees(bet.stake_paise),
    autoCashOut: bet.auto_cash_out_hundredths,
    cashOut: multiplier,
    payout: payout === null ? null : paiseToRupees(payout),
    status: (live?.status ?? stored) as MyBetStatus,
  };
}

/** Anyone: a round's seed (once it crashed), its place on the committed chain and the crash point recomputed (CR-2, CR-3). */
export async function verifyCrashRound(
  repository: CrashRepository,
  config: CrashConfig,
  game: string,
  roundNumber: number,
) {
  const row = (await repository.round(game, roundNumber)) ?? fail('NOT_FOUND', 'No such round');
  const chain = (await repository.chain(row.chain_id)) ?? fail('NOT_FOUND', 'No such round');
  const revealed = row.phase === 'crashed' || row.phase === 'voided';
  let verification = null;
  if (revealed) {
    const recomputedCrashPoint = crashPointHundredths(row.server_seed, config.salt, config.houseEdgeBasisPoints);
    const chainValid = verifyCrashChain(row.server_seed, row.chain_index, chain.commitment);
    verification = {
      chainValid,
      recomputedCrashPoint,
      valid: chainValid && recomputedCrashPoint === row.crash_point_hundredths,
    };
  }
  return {
    roundNumber,
    phase: row.phase,
    chainIndex: row.chain_index,
    commitment: chain.commitment,
    serverSeedHash: row.server_seed_hash,
    serverSeed: revealed ? row.server_seed : null,
    salt: config.salt,
    houseEdgeBasisPoints: config.houseEdgeBasisPoints,
    crashPoint: revealed ? row.crash_point_hundredths : null,
    verification,
  };
}
