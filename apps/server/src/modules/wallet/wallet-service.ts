import { ROLES } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import type { BalancePublisher } from './balance-push.js';
import { createBalancePush } from './balance-push.js';
import type { PlayerAccountKind, PlayerBalancesRow, StatementRow } from './wallet-repository.js';
import { createWalletRepository } from './wallet-repository.js';
import type { AgentBook, PlayerBalances, PlayerWallet } from './wallet-types.js';
import { createAccountResolver, KIND_OF_BOOK, KIND_OF_WALLET } from './account-resolver.js';
import { createPostings, isOverdraw } from './wallet-postings.js';
import { createExposureMoves } from './wallet-exposures.js';
export type { ExposureMovesPart } from './wallet-exposures.js';

/** For a module that posts inside its own statement (wallet.postWithin): the journal's CTEs. */
export { journalStatement } from './wallet-statements-repository.js';
export type { AccountRef, AgentBook, JournalPosting, PlayerBalances, PlayerWallet, Posting } from './wallet-types.js';
export type { WalletFigures } from './balance-push.js';

/** Play chips a new player starts with in play mode, so every part of the product can be tried. */
export const PLAY_CHIPS_WELCOME_PAISE = 10_000_00;

const PLAYER_ROLES: readonly number[] = [ROLES.PLAYER, ROLES.CREDIT_PLAYER];
const WALLET_OF_KIND: Record<PlayerAccountKind, PlayerWallet> = {
  player_main: 'main',
  player_bonus: 'bonus',
  player_referral: 'referral',
};
/** The book each agent role keeps (cash agents chips, credit agents credit). */
const BOOK_OF_ROLE: Partial<Record<number, AgentBook>> = { [ROLES.AGENT]: 'chips', [ROLES.CREDIT_AGENT]: 'credit' };

/**
 * Player wallets on the double-entry journal. Every movement is one balanced journal transaction in
 * one database transaction; the database refuses a negative available balance, and this service turns
 * that refusal into WALLET_INSUFFICIENT_FUNDS.
 */
export function createWalletService(deps: {
  db: Database;
  clock: Clock;
  moneyMode: 'play' | 'real';
  publisher?: BalancePublisher;
  onBalancesChanged?: (userId: string) => void;
}) {
  const { db, clock } = deps;
  const repository = createWalletRepository(db);
  const balancePush = createBalancePush({
    publisher: deps.publisher,
    balancesOfMany,
    onCommitted: deps.onBalancesChanged,
  });

  async function balancesOf(userId: string, tx?: Queryable): Promise<PlayerBalances> {
    return figuresOf(await (tx === undefined ? repository : createWalletRepository(tx)).playerBalances(userId));
  }

  /** Several players' balances in one read, by player. */
  async function balancesOfMany(userIds: readonly string[]): Promise<Map<string, PlayerBalances>> {
    const byUser = new Map<string, PlayerBalancesRow[]>(userIds.map((userId) => [userId, []]));
    for (const row of await repository.playersBalances(userIds)) byUser.get(row.user_id)?.push(row);
    return new Map([...byUser].map(([userId, rows]) => [userId, figuresOf(rows)]));
  }

  function figuresOf(rows: readonly PlayerBalancesRow[]): PlayerBalances {
    const find = (kind: PlayerAccountKind) => rows.find((row) => row.kind === kind);
    return {
      mainBalancePaise: find('player_main')?.balance_paise ?? 0,
      mainExposurePaise: find('player_main')?.exposure_paise ?? 0,
      bonusBalancePaise: find('player_bonus')?.balance_paise ?? 0,
      bonusExposurePaise: find('player_bonus')?.exposure_paise ?? 0,
      referralBonusPaise: find('player_referral')?.balance_paise ?? 0,
    };
  }

  const resolver = createAccountResolver();
  const accountIds = resolver.accountIds;

  const { postMany, postWithin, postManyWithin, post } = createPostings({ clock, accountIds, balancePush });

  const { addExposure, addExposures, addExposuresInOrder, exposureMovesPart } = createExposureMoves({
    accountIds,
    balancePush,
  });

  /**
   * Reverses every journal transaction whose key starts with prefix by posting its negation (never by
   * editing): used when a settlement is voided or corrected. Each reversal has its own key, so doing it
   * twice moves nothing twice.
   */
  async function reverseByKeyPrefix(
    tx: Queryable,
    prefix: string,
    reversal: {
      keyPrefix: string;
      kind: string;
      describe: (original: string) => string;
      actorId?: string | null;
      details?: Record<string, unknown>;
    },
  ): Promise<number> {
    const rows = await createWalletRepository(tx).transactionsByKeyPrefix(prefix);
    const byTransaction = new Map<number, (typeof rows)[number][]>();
    for (const row of rows) byTransaction.set(row.id, [...(byTransaction.get(row.id) ?? []), row]);
    const groups = [...byTransaction.values()];
    try {
      await createWalletRepository(tx).insertTransactions(
        groups.map((entries) => {
          const first = entries[0] as (typeof rows)[number];
          return {
            kind: reversal.kind,
            idempotencyKey: `${reversal.keyPrefix}${first.idempotency_key}`,
            description: reversal.describe(first.description),
            actorId: reversal.actorId ?? null,
            details: { ...first.details, ...reversal.details, reverses: first.id },
            entries: entries.map((entry) => ({ accountId: entry.account_id, amountPaise: -entry.amount_paise })),
            at: clock.now(),
          };
        }),
      );
    } catch (error) {
      if (isOverdraw(error))
        throw new AppError(
          'WALLET_INSUFFICIENT_FUNDS',
          'A player no longer has the funds to reverse this settlement; adjust their balance first',
        );
      throw error;
    }
    for (const entries of groups) {
      balancePush.posted(
        tx,
        reversal.kind,
        entries.flatMap((entry) =>
          entry.user_id !== null && entry.account_kind in WALLET_OF_KIND
            ? [
                {
                  userId: entry.user_id,
                  wallet: WALLET_OF_KIND[entry.account_kind as PlayerAccountKind],
                  amountPaise: -entry.amount_paise,
                },
              ]
            : [],
        ),
      );
    }
    const count = groups.length;
    return count;
  }

  return {
    post,
    postMany,
    postWithin,
    postManyWithin,
    addExposure,
    addExposures,
    addExposuresInOrder,
    exposureMovesPart,
    reverseByKeyPrefix,

    /** Runs fn in one database transaction; a posting inside it commits or rolls back with everything else. */
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /**
     * Opens the wallets a role uses; a player in play mode also gets the welcome play chips. A credit
     * player gets none: its balance is its credit reference plus its P&L (PRODUCT.md §9). An agent gets
     * its book (chips or credit), empty until its upline gives it some.
     */
    async openAccountsFor(userId: string, role: number): Promise<void> {
      const book = BOOK_OF_ROLE[role];
      if (book !== undefined) return createWalletRepository(db).openPlayerAccounts(userId, [KIND_OF_BOOK[book]]);
      if (!PLAYER_ROLES.includes(role)) return;
      const kinds: PlayerAccountKind[] =
        role === ROLES.CREDIT_PLAYER ? ['player_main'] : ['player_main', 'player_bonus', 'player_referral'];
      await db.transaction(async (tx) => {
        const repo = createWalletRepository(tx);
        await repo.openPlayerAccounts(userId, kinds);
        if (deps.moneyMode !== 'play' || role === ROLES.CREDIT_PLAYER) return;
        const key = `play-chips-welcome:${userId}`;
        if ((await repo.findTransactionByKey(key)) !== null) return;
        await post(tx, {
          kind: 'play_chips_grant',
          idempotencyKey: key,
          description: 'Welcome play chips',
          entries: [
            { account: { house: 'play_chips_issuer' }, amountPaise: -PLAY_CHIPS_WELCOME_PAISE },
            { account: { userId, wallet: 'main' }, amountPaise: PLAY_CHIPS_WELCOME_PAISE },
          ],
        });
      });
    },

    /** Opens an agent's book inside the caller's transaction (an agent made before its role had one). */
    async openAgentBook(tx: Queryable, agentId: string, book: AgentBook): Promise<void> {
      await createWalletRepository(tx).openPlayerAccounts(agentId, [KIND_OF_BOOK[book]]);
    },

    /** An agent's book balance (chips or undistributed credit), inside the caller's transaction when given. */
    async agentBookBalance(agentId: string, book: AgentBook, tx?: Queryable): Promise<number> {
      const rows = await (tx === undefined ? repository : createWalletRepository(tx)).playerBalances(agentId);
      return rows.find((row) => (row.kind as string) === KIND_OF_BOOK[book])?.balance_paise ?? 0;
    },

    /** Chips given to a player since an instant: they count as deposits for its deposit limits (PRODUCT.md §9). */
    async chipsReceivedSince(userId: string, since: Date, tx?: Queryable): Promise<number> {
      return (tx === undefined ? repository : createWalletRepository(tx)).chipsReceivedSince(userId, since);
    },

    /** Whether the player has this wallet (credit players have only main; operators none). */
    async hasWallet(userId: string, walletName: PlayerWallet): Promise<boolean> {
      return (await repository.playerAccountId(userId, KIND_OF_WALLET[walletName])) !== null;
    },

    balancesOf,

    /**
     * Announces to the player, after tx commits, a money event that posts nothing on their wallets (a
     * rejected deposit, a paid withdrawal whose amount left the wallet when it was requested).
     */
    announce(tx: Queryable, userId: string, change: { kind: string; amountPaise: number }): void {
      balancePush.touched(tx, userId, { ...change, wallet: 'main' });
    },

    /** Journal lines of one wallet between two instants, with the running balance after each line. */
    async statement(
      userId: string,
      wallet: PlayerWallet,
      from: Date,
      to: Date,
      kinds: string[] | null = null,
    ): Promise<{ openingBalancePaise: number; closingBalancePaise: number; lines: StatementRow[] }> {
      const id = await repository.playerAccountId(userId, KIND_OF_WALLET[wallet]);
      if (id === null) return { openingBalancePaise: 0, closingBalancePaise: 0, lines: [] };
      const opening = await repository.balanceBefore(id, from);
      const closing = await repository.balanceBefore(id, to);
      return {
        openingBalancePaise: opening,
        closingBalancePaise: closing,
        lines: await repository.statementLines(id, from, to, kinds),
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
