import { DEFAULT_STAKE_BUTTONS, ROLES, type StakeButtons, type StakeButtonsUpdate } from '@khel/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import { createStakeButtonsRepository } from './stake-buttons-repository.js';

const PAISE_PER_RUPEE = 100n;

/**
 * The bet slip's stake buttons (issue 31): each player's own eight, kept on the server so they follow
 * the player to another phone; whole rupees on the wire, paise in the database. Reset goes back to the
 * specification's chips.
 */
export function createStakeButtonsService(deps: { db: Database; clock: Clock }) {
  const repository = createStakeButtonsRepository(deps.db);
  return {
    async get(caller: Caller): Promise<StakeButtons> {
      const stored = await repository.find(caller.userId);
      if (stored === null) return DEFAULT_STAKE_BUTTONS;
      return { values: stored.map((paise) => Number(paise / PAISE_PER_RUPEE)) };
    },
    async set(caller: Caller, update: StakeButtonsUpdate): Promise<StakeButtons> {
      if (caller.role !== ROLES.PLAYER && caller.role !== ROLES.CREDIT_PLAYER)
        fail('FORBIDDEN', 'Only player accounts place bets');
      if ('reset' in update) {
        await repository.remove(caller.userId);
        return DEFAULT_STAKE_BUTTONS;
      }
      await repository.save(
        caller.userId,
        update.values.map((rupees) => BigInt(rupees) * PAISE_PER_RUPEE),
        deps.clock.now(),
      );
      return { values: [...update.values] };
    },
  };
}
export type StakeButtonsService = ReturnType<typeof createStakeButtonsService>;
