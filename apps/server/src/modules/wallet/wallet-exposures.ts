import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { BalancePush, WalletFigures } from './balance-push.js';
import { createWalletRepository } from './wallet-repository.js';
import { exposureMovesStatement } from './wallet-statements-repository.js';
import type { AccountRef, PlayerWallet } from './wallet-types.js';
import { isOverdraw } from './wallet-postings.js';

interface ExposureMove {
  userId: string;
  wallet: PlayerWallet;
  deltaPaise: number;
  /** The command's place in its batch: the first command, in this order, that would overdraw is the one refused. */
  ord: number;
}

/**
 * A batch's exposure moves as CTEs of a caller's statement (the market writer's one-statement commit,
 * decision 0039), with `committed` to call once that statement succeeded (the balance push).
 */
export interface ExposureMovesPart {
  check: (when: string) => string;
  move: (when: string) => string;
  /** An SQL expression of the statement's result: the moved players' wallets as it leaves them, handed to `committed`. */
  figures: string;
  params: unknown[];
  committed: (q: Queryable, figures: unknown) => void;
}

/** The statement's `figures` rows (`[user, kind, balance, exposure]`) as each player's wallets; a wallet without an account is zero. */
function walletFiguresOf(userIds: readonly string[], figures: unknown): Map<string, WalletFigures> {
  const byUser = new Map<string, WalletFigures>(
    userIds.map((userId) => [
      userId,
      { mainBalancePaise: 0, mainExposurePaise: 0, bonusBalancePaise: 0, bonusExposurePaise: 0 },
    ]),
  );
  for (const [userId, kind, balance, exposure] of (figures ?? []) as [string, string, number, number][]) {
    const wallets = byUser.get(userId);
    if (wallets === undefined) continue;
    if (kind === 'player_main') {
      wallets.mainBalancePaise = Number(balance);
      wallets.mainExposurePaise = Number(exposure);
    } else if (kind === 'player_bonus') {
      wallets.bonusBalancePaise = Number(balance);
      wallets.bonusExposurePaise = Number(exposure);
    }
  }
  return byUser;
}

/**
 * Moving players' exposure (PRODUCT.md §4: `balance + exposure` never below zero, the CHECK on the
 * account row): one wallet, many at once, and a group commit's moves in command order.
 */
export function createExposureMoves(deps: {
  accountIds: (tx: Queryable, accounts: AccountRef[]) => Promise<number[]>;
  balancePush: BalancePush;
}) {
  const { accountIds, balancePush } = deps;

  async function ordered(tx: Queryable, rows: readonly ExposureMove[]) {
    const ids = await accountIds(
      tx,
      rows.map((row) => ({ userId: row.userId, wallet: row.wallet })),
    );
    return rows.map((row, index) => ({ accountId: ids[index] as number, deltaPaise: row.deltaPaise, ord: row.ord }));
  }

  return {
    /** Reserves (negative delta) or releases (positive) exposure on a player's wallet. */
    async addExposure(tx: Queryable, userId: string, wallet: PlayerWallet, deltaPaise: number): Promise<void> {
      const id = (await accountIds(tx, [{ userId, wallet }]))[0] as number;
      try {
        await createWalletRepository(tx).addExposure(id, deltaPaise);
        balancePush.touched(tx, userId, null);
      } catch (error) {
        if (isOverdraw(error)) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
        throw error;
      }
    },

    /** Moves many wallets' exposure in two statements (a market's settlement releases them all at once). */
    async addExposures(
      tx: Queryable,
      rows: { userId: string; wallet: PlayerWallet; deltaPaise: number }[],
    ): Promise<void> {
      const ids = await accountIds(
        tx,
        rows.map((row) => ({ userId: row.userId, wallet: row.wallet })),
      );
      try {
        await createWalletRepository(tx).addExposures(
          rows.map((row, index) => ({ accountId: ids[index] as number, deltaPaise: row.deltaPaise })),
        );
      } catch (error) {
        if (isOverdraw(error)) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
        throw error;
      }
      for (const row of rows) balancePush.touched(tx, row.userId, null);
    },

    /**
     * A group commit's exposure moves in one statement (decision 0027): each row carries its command's
     * place in the batch; answers the first command that would overdraw a wallet had the commands moved
     * them one after another (nothing is moved then: the caller drops that command and runs the batch
     * again), else moves them all, under the same CHECK.
     */
    async addExposuresInOrder(tx: Queryable, rows: ExposureMove[]): Promise<number | null> {
      const moves = await ordered(tx, rows);
      try {
        const refused = await createWalletRepository(tx).moveUnlessOverdrawn(moves);
        if (refused !== null) return refused;
      } catch (error) {
        if (isOverdraw(error)) throw new AppError('WALLET_INSUFFICIENT_FUNDS');
        throw error;
      }
      for (const row of rows) balancePush.touched(tx, row.userId, null);
      return null;
    },

    /**
     * The same moves and the same rule as addExposuresInOrder, as CTEs of the caller's own statement
     * (parameters from $first on); `q` reads the account ids the process does not know yet.
     */
    async exposureMovesPart(q: Queryable, rows: readonly ExposureMove[], first: number): Promise<ExposureMovesPart> {
      const userIds = [...new Set(rows.map((row) => row.userId))];
      const statement = exposureMovesStatement(await ordered(q, rows), first, userIds);
      return {
        ...statement,
        committed: (handle, figures) => balancePush.exposed(handle, walletFiguresOf(userIds, figures)),
      };
    },
  };
}
