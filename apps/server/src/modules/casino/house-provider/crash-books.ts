import type { CasinoWalletResponse } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Clock } from '../../../lib/clock.js';
import type { CrashRepository } from './crash-repository.js';
import type { HouseWalletClient } from './house-wallet-client.js';

/**
 * The crash game's money after the fact: crediting a decided bet (0 when lost, which closes the
 * wallet round), retrying credits that did not get through, and voiding rounds a restart cut off.
 */
export function createCrashBooks(deps: {
  repository: CrashRepository;
  wallet: HouseWalletClient;
  clock: Clock;
  game: string;
}) {
  const { repository, wallet, clock, game } = deps;
  const roundId = (roundNumber: number) => `${game}:${roundNumber}`;

  async function credit(bet: {
    bet_id: string;
    user_id: string;
    round_number: number;
    payout_paise: number | null;
  }): Promise<CasinoWalletResponse> {
    const answer = await wallet.credit({
      playerId: bet.user_id,
      transactionId: `win-${bet.bet_id}`,
      roundId: roundId(bet.round_number),
      gameCode: game,
      amount: paiseToRupees(bet.payout_paise ?? 0),
    });
    if (answer.data.status === 'OK') await repository.setBetStatus(bet.bet_id, 'settled');
    return answer;
  }

  async function sweep(): Promise<void> {
    for (const bet of await repository.undecidedCredits(game)) await credit(bet).catch(() => undefined);
  }

  /** Rounds left unfinished by a restart (all but `running`): undecided stakes are rolled back, the round voided. */
  async function voidCutOffRounds(running: number | null): Promise<void> {
    for (const row of await repository.unfinishedRounds(game)) {
      if (running === row.round_number) continue;
      for (const bet of await repository.betsOfRound(game, row.round_number)) {
        if (bet.status !== 'pending' && bet.status !== 'placed') continue;
        const answer = await wallet.rollback({
          playerId: bet.user_id,
          transactionId: `void-${bet.bet_id}`,
          debitTransactionId: `bet-${bet.bet_id}`,
          roundId: roundId(row.round_number),
          gameCode: game,
        });
        if (answer.data.status === 'OK') await repository.setBetStatus(bet.bet_id, 'voided');
      }
      await repository.finishRound(game, row.round_number, { phase: 'voided', finishedAtMs: clock.now().getTime() });
    }
  }

  return { roundId, credit, sweep, voidCutOffRounds };
}
