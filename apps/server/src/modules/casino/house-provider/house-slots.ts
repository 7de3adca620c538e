import { randomBytes, randomUUID } from 'node:crypto';
import { checkSlotStake, hashServerSeed, spinSlot, theoreticalRtp, verifySlotSpin } from '@khel/casino-games';
import type { CasinoWalletResponse } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import { fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { freeSpinsView, lineWinView, scatterView } from './slot-views.js';
import { HOUSE_SLOTS } from './house-games.js';
import type { HouseRepository } from './house-repository.js';
import type { HouseSessions } from './house-session.js';
import { refusal } from './house-session.js';
import type { HouseWalletClient } from './house-wallet-client.js';
import { WalletUnavailable } from './house-wallet-client.js';

/** A spin whose credit did not get through is retried by the sweeper after this long. */
const SWEEP_AFTER_MS = 30_000;

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The house's slots: spins from a committed seed pair per player (provably fair), the stake debited
 * and the win credited through the wallet; a credit that did not get through is retried by the sweep.
 */
export function createHouseSlots(deps: {
  repository: HouseRepository;
  clock: Clock;
  wallet: HouseWalletClient;
  sessions: HouseSessions;
}) {
  const { repository, clock, wallet } = deps;
  const { session } = deps.sessions;

  async function activeSeed(userId: string) {
    const existing = await repository.activeSeed(userId);
    if (existing !== null) return existing;
    const serverSeed = newServerSeed();
    return (
      (await repository.insertSeed({
        userId,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: randomBytes(8).toString('hex'),
        at: clock.now(),
      })) ?? ((await repository.activeSeed(userId)) as NonNullable<Awaited<ReturnType<typeof repository.activeSeed>>>)
    );
  }

  function slotOf(code: string) {
    return HOUSE_SLOTS.find((slot) => slot.code === code) ?? fail('NOT_FOUND', 'No such slot');
  }

  async function creditSpin(spin: {
    id: string;
    user_id: string;
    game_code: string;
    payout_paise: number;
  }): Promise<CasinoWalletResponse> {
    const answer = await wallet.credit({
      playerId: spin.user_id,
      transactionId: `win-${spin.id}`,
      roundId: `spin-${spin.id}`,
      gameCode: spin.game_code,
      amount: paiseToRupees(spin.payout_paise),
    });
    if (answer.data.status === 'OK') await repository.setSpinStatus(spin.id, 'settled');
    return answer;
  }

  return {
    /** Spins whose credit did not get through are credited; spins whose debit is unknown are rolled back. */
    async sweep(): Promise<void> {
      for (const spin of await repository.unsettledSpins(new Date(clock.now().getTime() - SWEEP_AFTER_MS))) {
        if (spin.status === 'debited') await creditSpin(spin).catch(() => undefined);
        else {
          // Pending: the debit may or may not have landed; a rollback settles it either way.
          const answer = await wallet
            .rollback({
              playerId: spin.user_id,
              transactionId: `void-${spin.id}`,
              debitTransactionId: `spin-${spin.id}`,
              roundId: `spin-${spin.id}`,
              gameCode: spin.game_code,
            })
            .catch(() => null);
          if (answer?.data.status === 'OK') await repository.setSpinStatus(spin.id, 'refused');
        }
      }
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
        recent: (await repository.recentSpins(player.playerId, 10)).map((spin) => ({
          spinId: spin.id,
          stake: paiseToRupees(spin.stake_paise),
          payout: paiseToRupees(spin.payout_paise),
          createdAt: spin.created_at.toISOString(),
        })),
      };
    },

    /** One spin: the outcome from the committed seed pair, then debit the stake and credit the win through the wallet. */
    async spin(token: string | undefined, gameCode: string, stakePaise: number) {
      const player = await session(token);
      const slot = slotOf(gameCode);
      const problem = checkSlotStake(stakePaise, slot);
      if (problem !== null)
        fail(
          'VALIDATION_FAILED',
          problem === 'BELOW_MIN_STAKE'
            ? `Minimum stake is ₹${paiseToRupees(slot.minStakePaise)}`
            : problem === 'ABOVE_MAX_STAKE'
              ? `Maximum stake is ₹${paiseToRupees(slot.maxStakePaise)}`
              : 'Enter a stake',
        );
      let seed = await activeSeed(player.playerId);
      let nonce = await repository.takeNonce(seed.id);
      if (nonce === null) {
        seed = await activeSeed(player.playerId);
        nonce = (await repository.takeNonce(seed.id)) ?? fail('CONFLICT', 'Try again');
      }
      const outcome = spinSlot(
        slot.config,
        { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce },
        stakePaise,
      );
      const spinId = randomUUID();
      const roundId = `spin-${spinId}`;
      await repository.insertSpin({
        id: spinId,
        userId: player.playerId,
        gameCode,
        seedId: seed.id,
        nonce,
        stakePaise,
        stops: outcome.stops,
        payoutPaise: outcome.totalPayoutPaise,
        at: clock.now(),
      });
      const debit = await wallet.debit({
        playerId: player.playerId,
        transactionId: roundId,
        roundId,
        gameCode,
        amount: paiseToRupees(stakePaise),
      });
      if (debit.data.status !== 'OK') {
        await repository.setSpinStatus(spinId, 'refused');
        refusal(debit);
      }
      await repository.setSpinStatus(spinId, 'debited');
      let balance = debit.data.balance ?? 0;
      try {
        const credit = await creditSpin({
          id: spinId,
          user_id: player.playerId,
          game_code: gameCode,
          payout_paise: outcome.totalPayoutPaise,
        });
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
        (await repository.insertSeed({
          userId: player.playerId,
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          clientSeed: clientSeed ?? randomBytes(8).toString('hex'),
          at: clock.now(),
        })) ?? (await activeSeed(player.playerId));
      return {
        revealed:
          retired === null
            ? null
            : {
                serverSeed: retired.server_seed,
                serverSeedHash: retired.server_seed_hash,
                clientSeed: retired.client_seed,
                lastNonce: retired.next_nonce - 1,
              },
        next: { serverSeedHash: next.server_seed_hash, clientSeed: next.client_seed, nonce: next.next_nonce },
      };
    },

    async verifySpin(spinId: string) {
      const spin = (await repository.spin(spinId)) ?? fail('NOT_FOUND', 'No such spin');
      const seed = (await repository.seed(spin.seed_id)) ?? fail('NOT_FOUND', 'No such spin');
      const slot = slotOf(spin.game_code);
      const revealed = !seed.active;
      const published = {
        serverSeed: revealed ? seed.server_seed : null,
        serverSeedHash: seed.server_seed_hash,
        clientSeed: seed.client_seed,
        nonce: spin.nonce,
      };
      const claimed = { stakePaise: spin.stake_paise, stops: spin.stops, totalPayoutPaise: spin.payout_paise };
      let verification = null;
      if (revealed) {
        const check = verifySlotSpin(slot.config, { ...published, serverSeed: seed.server_seed }, claimed);
        verification = {
          valid: check.valid,
          failure: check.valid ? null : check.failure,
          recomputed: check.recomputed,
        };
      }
      return {
        kind: 'slot' as const,
        game: { code: slot.code, config: slot.config },
        published,
        claimed,
        verification,
      };
    },
  };
}
export type HouseSlots = ReturnType<typeof createHouseSlots>;
