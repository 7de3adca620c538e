import type { Queryable } from '../../db/database.js';
import { afterCommit } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { AgentAccountKind, HouseAccountKind, PlayerAccountKind } from './wallet-repository.js';
import { createWalletRepository } from './wallet-repository.js';
import type { AccountRef, AgentBook, PlayerWallet } from './wallet-types.js';

export const KIND_OF_WALLET: Record<PlayerWallet, PlayerAccountKind> = {
  main: 'player_main',
  bonus: 'player_bonus',
  referral: 'player_referral',
};
export const KIND_OF_BOOK: Record<AgentBook, AgentAccountKind> = { chips: 'agent_chips', credit: 'agent_credit' };

/**
 * Turns AccountRefs into ledger account ids: house ones from a per-process cache, every player and
 * agent account of a posting (or of a whole batch of postings) in one query.
 */
export function createAccountResolver() {
  /**
   * House account ids never change once made. The fixed ones (ref '') are created by a migration, so
   * the row read is always committed and its id is cached. A per-market account (a ref) is created on
   * first use inside the caller's transaction and not cached: that transaction may still roll back.
   * (Everything goes through the caller's transaction: PGlite has one connection, and a query outside
   * an open transaction would wait for it forever.)
   */
  const houseIds = new Map<string, number>();
  async function houseAccountId(
    tx: Queryable,
    kind: HouseAccountKind,
    ref: string,
    local: Map<string, number>,
  ): Promise<number> {
    const cacheKey = `${kind}:${ref}`;
    const cached = houseIds.get(cacheKey) ?? local.get(cacheKey);
    if (cached !== undefined) return cached;
    const id = await createWalletRepository(tx).houseAccountId(kind, ref);
    if (ref === '') houseIds.set(cacheKey, id);
    else local.set(cacheKey, id);
    return id;
  }

  /** Player and agent account ids: never deleted, never changed (a bet's exposure then needs no lookup). */
  const ownedIds = new Map<string, number>();

  /** Resolves every entry's account: house ones from the cache (a ref'd one once per call), owned ones in one query. */
  async function accountIds(tx: Queryable, accounts: AccountRef[]): Promise<number[]> {
    const keyOf = (account: AccountRef) =>
      'userId' in account
        ? `${account.userId}:${KIND_OF_WALLET[account.wallet]}`
        : 'agentId' in account
          ? `${account.agentId}:${KIND_OF_BOOK[account.book]}`
          : null;
    const userIds = [
      ...new Set(
        accounts.flatMap((account) =>
          keyOf(account) === null || ownedIds.has(keyOf(account) as string)
            ? []
            : 'userId' in account
              ? [account.userId]
              : 'agentId' in account
                ? [account.agentId]
                : [],
        ),
      ),
    ];
    const playerRows = userIds.length === 0 ? [] : await createWalletRepository(tx).playerAccountIds(userIds);
    const owned = new Map(playerRows.map((row) => [`${row.user_id}:${row.kind}`, row.id]));
    // Kept only once the transaction that read them committed: one that made them may still roll back.
    if (playerRows.length > 0)
      afterCommit(tx, () => playerRows.forEach((row) => ownedIds.set(`${row.user_id}:${row.kind}`, row.id)));
    const local = new Map<string, number>();
    const ids: number[] = [];
    for (const account of accounts) {
      // An id the caller already knows (accounts are never deleted; the casino wallet caches them).
      if ('accountId' in account) {
        ids.push(account.accountId);
        continue;
      }
      if ('house' in account) {
        ids.push(await houseAccountId(tx, account.house, account.ref ?? '', local));
        continue;
      }
      const [ownerId, kind] =
        'userId' in account
          ? [account.userId, KIND_OF_WALLET[account.wallet]]
          : [account.agentId, KIND_OF_BOOK[account.book]];
      ids.push(
        owned.get(`${ownerId}:${kind}`) ??
          ownedIds.get(`${ownerId}:${kind}`) ??
          fail('NOT_FOUND', 'This wallet does not exist for the account'),
      );
    }
    return ids;
  }

  return { accountIds };
}
