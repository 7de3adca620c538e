import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { BalancePush, WalletFigures } from './balance-push.js';
import type { JournalPosting } from './wallet-types.js';
import { createWalletRepository } from './wallet-repository.js';
import type { AccountRef, Posting } from './wallet-types.js';

/** The CHECK that keeps an available balance from going negative, as either driver reports it. */
export function isOverdraw(error: unknown): boolean {
  return (
    error instanceof Error &&
    /available_balance_never_negative/.test(`${error.message} ${(error as { constraint?: string }).constraint ?? ''}`)
  );
}

/** The CHECK that keeps a limited account (a casino provider's) above its floor (migration 0010). */
export function isLimitReached(error: unknown): boolean {
  return (
    error instanceof Error &&
    /ledger_account_limit_reached/.test(`${error.message} ${(error as { constraint?: string }).constraint ?? ''}`)
  );
}

/**
 * The wallet's posting path: every journal transaction is checked to balance, its accounts resolved,
 * and written through the multi-row statement of the wallet repository (one or many per round trip);
 * the database's refusals become the product's errors, and each player touched hears of it after commit.
 */
export function createPostings(deps: {
  clock: Clock;
  accountIds: (tx: Queryable, accounts: AccountRef[]) => Promise<number[]>;
  balancePush: BalancePush;
}) {
  const { clock, accountIds, balancePush } = deps;

  /** Checks each posting balances and resolves its accounts: the journal rows to write. */
  async function prepare(tx: Queryable, postings: Posting[]): Promise<JournalPosting[]> {
    for (const posting of postings) {
      const sum = posting.entries.reduce((total, entry) => total + entry.amountPaise, 0);
      if (
        sum !== 0 ||
        posting.entries.some((entry) => !Number.isSafeInteger(entry.amountPaise) || entry.amountPaise === 0)
      ) {
        throw new Error(`unbalanced or malformed posting ${posting.kind}: sum ${sum}`);
      }
    }
    const ids = await accountIds(
      tx,
      postings.flatMap((posting) => posting.entries.map((entry) => entry.account)),
    );
    let next = 0;
    const at = clock.now();
    return postings.map((posting) => ({
      kind: posting.kind,
      idempotencyKey: posting.idempotencyKey ?? null,
      description: posting.description,
      actorId: posting.actorId ?? null,
      details: posting.details ?? {},
      entries: posting.entries.map((entry) => ({ accountId: ids[next++] as number, amountPaise: entry.amountPaise })),
      at,
    }));
  }

  /** The database's refusals of a posting, as the product's errors. */
  function refusalOf(error: unknown): unknown {
    if (isOverdraw(error)) return new AppError('WALLET_INSUFFICIENT_FUNDS');
    if (isLimitReached(error)) return new AppError('LEDGER_LIMIT_REACHED');
    return error;
  }

  function pushPosted(tx: Queryable, postings: Posting[], balances?: Map<string, WalletFigures>): void {
    for (const posting of postings) {
      balancePush.posted(
        tx,
        posting.kind,
        posting.entries.flatMap((entry) => {
          const owner =
            'userId' in entry.account ? entry.account : 'accountId' in entry.account ? entry.account.owner : undefined;
          return owner === undefined
            ? []
            : [{ userId: owner.userId, wallet: owner.wallet, amountPaise: entry.amountPaise }];
        }),
        balances,
      );
    }
  }

  /**
   * Posts many balanced journal transactions inside the caller's database transaction, in one
   * multi-row statement (plus one query resolving the players' accounts): a market's settlement, a
   * batch of approvals. Answers the journal ids in order. An overdraw anywhere refuses the whole batch.
   */
  async function postMany(tx: Queryable, postings: Posting[]): Promise<number[]> {
    if (postings.length === 0) return [];
    const rows = await prepare(tx, postings);
    const journalIds = await createWalletRepository(tx)
      .insertTransactions(rows)
      .catch((error: unknown) => {
        throw refusalOf(error);
      });
    pushPosted(tx, postings);
    return journalIds;
  }

  /**
   * Posts one balanced journal transaction inside the caller's own statement (built with
   * `journalStatement` of `wallet-statements-repository.ts`), so the caller's rows and the posting take one round
   * trip (the casino wallet). `statement` answers whether it posted, and its value; and, when the
   * statement read them (its accounts locked), the players' wallets after the posting, so the balance
   * push sends them without reading them again after the commit.
   */
  async function postWithin<T>(
    tx: Queryable,
    posting: Posting,
    statement: (
      rows: JournalPosting[],
    ) => Promise<{ posted: boolean; value: T; balances?: Map<string, WalletFigures> | undefined }>,
  ): Promise<T> {
    return postManyWithin(tx, [posting], async (rows) => {
      const outcome = await statement(rows);
      return { ...outcome, posted: [outcome.posted] };
    });
  }

  /**
   * Posts many balanced journal transactions inside the caller's own statement, each only if that
   * statement says so (`posted`, in the postings' order): the casino wallet's group commit, where a
   * call its statement did not claim posts nothing. Each player a posting touched hears of it once the
   * statement has committed, with the wallets the statement read (`balances`) when it read them.
   */
  async function postManyWithin<T>(
    tx: Queryable,
    postings: Posting[],
    statement: (
      rows: JournalPosting[],
    ) => Promise<{ posted: boolean[]; value: T; balances?: Map<string, WalletFigures> | undefined }>,
  ): Promise<T> {
    const rows = await prepare(tx, postings);
    const outcome = await statement(rows).catch((error: unknown) => {
      throw refusalOf(error);
    });
    pushPosted(
      tx,
      postings.filter((_, index) => outcome.posted[index] === true),
      outcome.balances,
    );
    return outcome.value;
  }

  /** Posts one balanced journal transaction inside the caller's database transaction. */
  async function post(tx: Queryable, posting: Posting): Promise<number> {
    return (await postMany(tx, [posting]))[0] as number;
  }

  return { postMany, postWithin, postManyWithin, post };
}
