import type { OddsPreference, OddsPreferenceUpdate } from '@khel/contract';
import type { OddsChangePreference } from '@khel/exchange';
import { ROLES } from '@khel/contract';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import type { Caller } from '../../identity/identity-service.js';
import { createOddsPreferenceRepository } from './odds-preference-repository.js';

/** A player who never chose takes a better price, never a worse one (issue 31, decision 0053). */
const BETTER: OddsPreference = { mode: 'better', ticks: null };

/** The engine's form of a stored preference. */
export function toEngine(preference: OddsPreference): OddsChangePreference {
  return preference.mode === 'ticks' ? { mode: 'ticks', ticks: preference.ticks ?? 1 } : { mode: preference.mode };
}

/** Reads the preference inside a bet's transaction: what the acceptance functions get as an argument. */
export async function oddsPreferenceOf(tx: Queryable, userId: string): Promise<OddsChangePreference> {
  return (await oddsPreferencesOf(tx, [userId])).get(userId) as OddsChangePreference;
}

/** Several players' preferences at once, for a batch of house bets (decision 0027, addendum "house"). */
export async function oddsPreferencesOf(
  tx: Queryable,
  userIds: readonly string[],
): Promise<Map<string, OddsChangePreference>> {
  const stored = await createOddsPreferenceRepository(tx).findMany(userIds);
  return new Map(userIds.map((userId) => [userId, toEngine(stored.get(userId) ?? BETTER)]));
}

/** A player's odds-change preference for bookmaker and fancy bets, stored on the server (decision 0023). */
export function createOddsPreferenceService(deps: { db: Database; clock: Clock }) {
  const repository = createOddsPreferenceRepository(deps.db);
  return {
    async get(caller: Caller): Promise<OddsPreference> {
      return (await repository.find(caller.userId)) ?? BETTER;
    },
    async set(caller: Caller, update: OddsPreferenceUpdate): Promise<OddsPreference> {
      if (caller.role !== ROLES.PLAYER && caller.role !== ROLES.CREDIT_PLAYER)
        fail('FORBIDDEN', 'Only player accounts place bets');
      if (update.mode === 'ticks' && update.ticks === undefined) fail('VALIDATION_FAILED', 'Choose how many ticks');
      const preference: OddsPreference = {
        mode: update.mode,
        ticks: update.mode === 'ticks' ? (update.ticks as number) : null,
      };
      await repository.save(caller.userId, preference, deps.clock.now());
      return preference;
    },
  };
}
export type OddsPreferenceService = ReturnType<typeof createOddsPreferenceService>;
