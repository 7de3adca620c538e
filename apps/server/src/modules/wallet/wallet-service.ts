import { ROLES } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { PlayerAccountKind } from './wallet-repository.js';
import { createWalletRepository } from './wallet-repository.js';

export interface PlayerBalances {
  mainBalancePaise: number;
  mainExposurePaise: number;
  bonusBalancePaise: number;
  bonusExposurePaise: number;
  referralBonusPaise: number;
}

/** Play chips a new player starts with in play mode, so every part of the product can be tried. */
export const PLAY_CHIPS_WELCOME_PAISE = 10_000_00;

const PLAYER_ROLES: readonly number[] = [ROLES.PLAYER, ROLES.CREDIT_PLAYER];

/**
 * Player wallets on the double-entry journal. Every movement is one balanced journal transaction in
 * one database transaction; the database refuses a negative available balance.
 */
export function createWalletService(deps: { db: Database; clock: Clock; moneyMode: 'play' | 'real' }) {
  const { db, clock } = deps;
  const repositoryFor = (queryable: Queryable) => createWalletRepository(queryable);
  const repository = repositoryFor(db);

  return {
    /** Opens the wallets a role uses; a player in play mode also gets the welcome play chips. */
    async openAccountsFor(userId: string, role: number): Promise<void> {
      if (!PLAYER_ROLES.includes(role)) return;
      const kinds: PlayerAccountKind[] = role === ROLES.CREDIT_PLAYER ? ['player_main'] : ['player_main', 'player_bonus', 'player_referral'];
      await db.transaction(async (tx) => {
        const repo = repositoryFor(tx);
        await repo.openPlayerAccounts(userId, kinds);
        if (deps.moneyMode !== 'play') return;
        const key = `play-chips-welcome:${userId}`;
        if ((await repo.findTransactionByKey(key)) !== null) return;
        const main = (await repo.playerAccountId(userId, 'player_main')) as number;
        const issuer = await repo.houseAccountId('play_chips_issuer');
        await repo.insertTransaction({
          kind: 'play_chips_grant',
          idempotencyKey: key,
          description: 'Welcome play chips',
          actorId: null,
          details: {},
          entries: [
            { accountId: issuer, amountPaise: -PLAY_CHIPS_WELCOME_PAISE },
            { accountId: main, amountPaise: PLAY_CHIPS_WELCOME_PAISE },
          ],
          at: clock.now(),
        });
      });
    },

    async balancesOf(userId: string): Promise<PlayerBalances> {
      const rows = await repository.playerBalances(userId);
      const find = (kind: PlayerAccountKind) => rows.find((row) => row.kind === kind);
      return {
        mainBalancePaise: find('player_main')?.balance_paise ?? 0,
        mainExposurePaise: find('player_main')?.exposure_paise ?? 0,
        bonusBalancePaise: find('player_bonus')?.balance_paise ?? 0,
        bonusExposurePaise: find('player_bonus')?.exposure_paise ?? 0,
        referralBonusPaise: find('player_referral')?.balance_paise ?? 0,
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
