import { fail } from './app-error.js';

/** Who an operator action concerns: the player it acts on and the operator (or player) who asked for it. */
export interface Parties {
  playerId: string | null;
  requestedBy: string | null;
}

/**
 * PRODUCT.md §7, issue 9: no operator acts on their own account or on a request they made (approve,
 * reject, mark paid, adjust, change role or flags, suspend, confirm their own result, …). The one rule;
 * plugins/separation-of-duties.ts applies it to every back-office call.
 */
export function refuseSelfService(actorId: string, parties: Parties): void {
  if (parties.playerId === actorId || parties.requestedBy === actorId) fail('SELF_SERVICE_REFUSED');
}
