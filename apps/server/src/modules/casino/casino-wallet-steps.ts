import type { CasinoWalletResponse } from '@khel/contract';
import { paiseToRupees, indiaDayMonthYear } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Posting, WalletService } from '../wallet/wallet-service.js';
import type { GameRow, PlayerRow, ProviderRow, TransactionRow } from './casino-repository.js';
import { createCasinoRepository } from './casino-repository.js';
import { Refusal, walletAnswer } from './casino-wallet-protocol.js';
import { houseAccountId } from './casino-wallet-reads-repository.js';

/**
 * Providers and games are read at most this often per process, aged by the app's clock like every other
 * time here (a test's manual clock keeps them while it holds the connection); a back-office change clears
 * the cache at once.
 */
const CACHE_MS = 10_000;

/**
 * What every wallet callback shares: the per-process caches (providers, games, each provider's
 * casino_house account id), the replay of a stored answer, and turning refusals into answers.
 */
export function createCasinoWalletSteps(deps: { db: Database; wallet: WalletService; clock: Clock }) {
  const { db, wallet, clock } = deps;
  const repository = createCasinoRepository(db);
  const providerCache = new Map<string, { row: ProviderRow | null; at: number }>();
  const gameCache = new Map<string, { row: GameRow | null; at: number }>();
  /** Each provider's casino_house account id (made with the provider, never changed): one read per process. */
  const houseAccounts = new Map<string, number>();

  async function availablePaise(tx: Queryable | undefined, userId: string, which: 'main' | 'bonus'): Promise<number> {
    const balances = await wallet.balancesOf(userId, tx);
    return which === 'main'
      ? balances.mainBalancePaise + balances.mainExposurePaise
      : balances.bonusBalancePaise + balances.bonusExposurePaise;
  }

  /** The available balance in rupees, or null when the provider holds no live session for the player (it may not read it). */
  async function readableBalance(
    tx: Queryable | undefined,
    provider: ProviderRow,
    userId: string,
    which: 'main' | 'bonus',
  ): Promise<number | null> {
    // An aggregator (one trusted, RSA-signed party whose protocol answers every call with the balance) always reads it.
    if (provider.kind === 'aggregator') return paiseToRupees(await availablePaise(tx, userId, which));
    const session = await createCasinoRepository(tx ?? db).liveSession(userId, provider.id, clock.now());
    return session === null ? null : paiseToRupees(await availablePaise(tx, userId, which));
  }

  /** The database's refusals of a posting, as the protocol's. */
  function refusalOf(error: unknown, which: 'main' | 'bonus'): unknown {
    if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS')
      return new Refusal('INSUFFICIENT_FUNDS', which);
    if (error instanceof AppError && error.code === 'LEDGER_LIMIT_REACHED') return new Refusal('LIMIT_REACHED', which);
    if (error instanceof AppError && error.code === 'NOT_FOUND') return new Refusal('PLAYER_NOT_FOUND', null);
    return error;
  }

  return {
    availablePaise,
    readableBalance,

    async provider(code: string): Promise<ProviderRow | null> {
      const cached = providerCache.get(code);
      if (cached !== undefined && clock.now().getTime() - cached.at < CACHE_MS) return cached.row;
      const row = await repository.providerByCode(code);
      providerCache.set(code, { row, at: clock.now().getTime() });
      return row;
    },

    async game(providerId: number, code: string): Promise<GameRow | null> {
      const key = `${providerId}:${code}`;
      const cached = gameCache.get(key);
      if (cached !== undefined && clock.now().getTime() - cached.at < CACHE_MS) return cached.row;
      const row = await repository.gameByCode(providerId, code);
      gameCache.set(key, { row, at: clock.now().getTime() });
      return row;
    },

    async houseAccount(tx: Queryable, provider: ProviderRow): Promise<number> {
      const cached = houseAccounts.get(provider.code);
      if (cached !== undefined) return cached;
      const id = await houseAccountId(tx, provider.code);
      if (id === null) throw new Error(`provider ${provider.code} has no casino_house account`);
      houseAccounts.set(provider.code, id);
      return id;
    },

    /** Forgets cached providers and games (after a back-office change). */
    invalidate(): void {
      providerCache.clear();
      gameCache.clear();
      houseAccounts.clear();
    },

    /** "Slots / <provider> / d/m/yyyy": the game's provider as players know it (an aggregator's game: its studio). */
    description(game: GameRow): string {
      return `${game.is_slot ? 'Slots' : 'Live Casino'} / ${game.provider_name} / ${indiaDayMonthYear(clock.now())}`;
    },

    /** A transaction id already taken: the stored answer if it is the same request, else a refusal. */
    replay(existing: TransactionRow, kind: 'debit' | 'credit' | 'rollback', hash: string): CasinoWalletResponse {
      if (kind === 'debit' && existing.kind === 'rollback_tombstone')
        return walletAnswer('TRANSACTION_ROLLED_BACK', { transactionId: existing.transaction_id });
      if (existing.kind !== kind || existing.request_hash !== hash || existing.response === null)
        return walletAnswer('TRANSACTION_MISMATCH', { transactionId: existing.transaction_id });
      return existing.response as CasinoWalletResponse;
    },

    /**
     * Runs a money call; a refusal becomes its answer, with the player's current balance only for a
     * provider that may read it (a live launch session of its own).
     */
    async guarded(
      provider: ProviderRow,
      userId: string,
      transactionId: string,
      fn: () => Promise<CasinoWalletResponse>,
    ): Promise<CasinoWalletResponse> {
      try {
        return await fn();
      } catch (error) {
        if (error instanceof Refusal) {
          const which = error.wallet ?? 'main';
          const balance = await readableBalance(undefined, provider, userId, which).catch(() => null);
          return walletAnswer(error.status, { transactionId, playerId: userId, wallet: error.wallet, balance });
        }
        throw error;
      }
    },

    refusalOf,

    /** Posts through the wallet; the database's refusals become the protocol's. */
    async post(tx: Queryable, posting: Posting, which: 'main' | 'bonus'): Promise<number> {
      return wallet.post(tx, posting).catch((error: unknown) => {
        throw refusalOf(error, which);
      });
    },

    async knownPlayer(tx: Queryable, userId: string): Promise<PlayerRow> {
      return (
        (await createCasinoRepository(tx).player(userId)) ??
        (() => {
          throw new Refusal('PLAYER_NOT_FOUND');
        })()
      );
    },
  };
}
export type CasinoWalletSteps = ReturnType<typeof createCasinoWalletSteps>;
