import type { BalanceChange, WsServerMessage } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Queryable } from '../../db/database.js';
import { afterCommit } from '../../db/database.js';
import type { PlayerBalances } from './wallet-types.js';

const WALLET_ORDER: readonly BalanceChange['wallet'][] = ['main', 'bonus', 'referral'];

/** A player's main and bonus wallets, as a balance message shows them. */
export interface WalletFigures {
  mainBalancePaise: number;
  mainExposurePaise: number;
  bonusBalancePaise: number;
  bonusExposurePaise: number;
}

/** Where the pushes go: the live bus (in memory, or Redis across processes). */
export interface BalancePublisher {
  publish(topic: string, payload: unknown): void;
}

/**
 * Pushes a player's new balance over their socket after every change to their money, from one place:
 * the wallet's posting (and exposure) functions call `touched` inside the caller's transaction; once it
 * commits, each player touched gets one `balance` message with what moved. A rolled-back transaction
 * pushes nothing. The balance is read after the commit, so it is the committed figure.
 */
export function createBalancePush(deps: {
  publisher: BalancePublisher | undefined;
  /** The committed balances of the players a commit touched whose figures it did not already hold: one read for all. */
  balancesOfMany: (userIds: readonly string[]) => Promise<Map<string, PlayerBalances>>;
  /** Told synchronously once a change commits, before its caller answers (the profile's balance cache, decision 0029). */
  onCommitted?: (userId: string) => void;
}) {
  const pending = new WeakMap<Queryable, Map<string, BalanceChange[]>>();
  /** Wallets a posting statement read for a player inside tx (its accounts locked): pushed as they are, not read again. */
  const known = new WeakMap<Queryable, Map<string, WalletFigures>>();

  function push(userId: string, changes: BalanceChange[], balances: WalletFigures): void {
    const message: WsServerMessage = {
      type: 'balance',
      balance: paiseToRupees(balances.mainBalancePaise),
      exposure: paiseToRupees(balances.mainExposurePaise),
      bonus: paiseToRupees(balances.bonusBalancePaise),
      bonusExposure: paiseToRupees(balances.bonusExposurePaise),
      ...(changes.length > 0 ? { changes } : {}),
    };
    deps.publisher?.publish(`user:${userId}`, message);
  }

  /**
   * Reads of committed balances share statements: while one read runs, the players asked for by the
   * commits that follow gather and are read together by the next, which starts once it ends (every
   * request was made after its commit, so each gets figures at least as new as its own change). Under
   * a busy group commit this is one read for several commits instead of one each.
   */
  let gathering: { userIds: Set<string>; read: Promise<Map<string, PlayerBalances>> } | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  function readBalances(userIds: readonly string[]): Promise<Map<string, PlayerBalances>> {
    if (gathering === null) {
      const group: { userIds: Set<string>; read: Promise<Map<string, PlayerBalances>> } = {
        userIds: new Set(),
        read: Promise.resolve(new Map()),
      };
      group.read = previous.then(() => {
        // From here on, new requests form the next group.
        if (gathering === group) gathering = null;
        return deps.balancesOfMany([...group.userIds]);
      });
      previous = group.read.catch(() => undefined);
      gathering = group;
    }
    for (const userId of userIds) gathering.userIds.add(userId);
    return gathering.read;
  }

  /** One balance message per player a commit touched: the figures its postings held, the others read with other commits' players. */
  async function pushAll(
    users: Map<string, BalanceChange[]>,
    figures: Map<string, WalletFigures> | undefined,
  ): Promise<void> {
    const unknown: string[] = [];
    // Figures the postings held go out at once; the others wait for their one read.
    for (const [userId, changes] of users) {
      const held = figures?.get(userId);
      if (held === undefined) unknown.push(userId);
      else push(userId, changes, held);
    }
    if (unknown.length === 0) return;
    const read = await readBalances(unknown);
    for (const userId of unknown) {
      const balances = read.get(userId);
      if (balances !== undefined) push(userId, users.get(userId) ?? [], balances);
    }
  }

  /** Records, inside tx, that userId's money moved (change null: only exposure moved). */
  function touched(tx: Queryable, userId: string, change: BalanceChange | null): void {
    if (deps.publisher === undefined && deps.onCommitted === undefined) return;
    let users = pending.get(tx);
    if (users === undefined) {
      const created = new Map<string, BalanceChange[]>();
      users = created;
      pending.set(tx, created);
      afterCommit(tx, () => {
        pending.delete(tx);
        const figures = known.get(tx);
        known.delete(tx);
        for (const user of created.keys()) deps.onCommitted?.(user);
        if (deps.publisher === undefined) return;
        // Best effort: the change is committed; a client re-reads its balance on reconnect.
        void pushAll(created, figures).catch(() => undefined);
      });
    }
    const changes = users.get(userId) ?? [];
    if (change !== null) changes.push(change);
    users.set(userId, changes);
  }

  /** Registers, inside tx, the wallets a statement read for players with their accounts locked: the last ones given in tx win. */
  function know(tx: Queryable, balances: Map<string, WalletFigures>): void {
    const figures = known.get(tx) ?? new Map<string, WalletFigures>();
    for (const [userId, wallets] of balances) figures.set(userId, wallets);
    known.set(tx, figures);
  }

  return {
    touched,
    /**
     * Records, inside tx, that players' exposure moved, with their wallets as the statement that moved
     * them left them (both wallets locked there, decision 0077), so their push needs no read.
     */
    exposed(tx: Queryable, balances: Map<string, WalletFigures>): void {
      know(tx, balances);
      for (const userId of balances.keys()) touched(tx, userId, null);
    },
    /**
     * Records, inside tx, a posting's lines on players' wallets: one change per player, main wallet
     * first. `balances`: the wallets after the posting, when the statement that posted read them with
     * the accounts locked (the last ones given in tx win, as the last posting leaves the wallets).
     */
    posted(
      tx: Queryable,
      kind: string,
      lines: { userId: string; wallet: BalanceChange['wallet']; amountPaise: number }[],
      balances?: Map<string, WalletFigures>,
    ): void {
      if (balances !== undefined) know(tx, balances);
      const byUser = new Map<string, typeof lines>();
      for (const line of lines) byUser.set(line.userId, [...(byUser.get(line.userId) ?? []), line]);
      for (const [userId, own] of byUser) {
        const wallet = WALLET_ORDER.find((name) => own.some((line) => line.wallet === name)) ?? 'main';
        const amountPaise = own
          .filter((line) => line.wallet === wallet)
          .reduce((total, line) => total + line.amountPaise, 0);
        touched(tx, userId, { kind, amountPaise, wallet });
      }
    },
  };
}
export type BalancePush = ReturnType<typeof createBalancePush>;
