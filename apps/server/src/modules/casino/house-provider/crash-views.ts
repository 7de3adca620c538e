import { crashPointHundredths, verifyCrashChain } from '@khel/casino-games';
import type { CrashConfig, CrashRound } from '@khel/casino-games';
import { paiseToRupees } from '@khel/money';
import { fail } from '../../../lib/app-error.js';
import type { CrashBetRow, CrashRepository } from './crash-repository.js';

type MyBetStatus = 'open' | 'cashed_out' | 'lost' | 'voided';

/** One of the player's crash bets, from the live round when it is in it, else from the books. */
export function myCrashBet(bet: CrashBetRow, round: CrashRound | null) {
  const live = round?.bets.find((b) => b.betId === bet.bet_id);
  const multiplier = live?.cashOutHundredths ?? bet.cash_out_hundredths;
  const payout = live?.payoutPaise ?? bet.payout_paise;
  const stored: MyBetStatus = bet.status === 'voided' ? 'voided' : bet.payout_paise === null ? 'open' : bet.cash_out_hundredths === null ? 'lost' : 'cashed_out';
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
export async function verifyCrashRound(repository: CrashRepository, config: CrashConfig, game: string, roundNumber: number) {
  const row = (await repository.round(game, roundNumber)) ?? fail('NOT_FOUND', 'No such round');
  const chain = (await repository.chain(row.chain_id)) ?? fail('NOT_FOUND', 'No such round');
  const revealed = row.phase === 'crashed' || row.phase === 'voided';
  let verification = null;
  if (revealed) {
    const recomputedCrashPoint = crashPointHundredths(row.server_seed, config.salt, config.houseEdgeBasisPoints);
    const chainValid = verifyCrashChain(row.server_seed, row.chain_index, chain.commitment);
    verification = { chainValid, recomputedCrashPoint, valid: chainValid && recomputedCrashPoint === row.crash_point_hundredths };
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
