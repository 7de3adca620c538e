import type { CasinoWalletCredit, CasinoWalletDebit, CasinoWalletResponse, CasinoWalletRollback } from '@khel/contract';
import { paiseToRupees, rupeesToPaise, indiaDayMonthYear } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hmacHex, safeEqualHex, sha256Hex } from '../../lib/crypto.js';
import type { Posting, WalletService } from '../wallet/wallet-service.js';
import type { GameRow, PlayerRow, ProviderRow, RoundRow, SessionRow, TransactionRow } from './casino-repository.js';
import type { WageringListener } from '../bonus/bonus-rules.js';
import { createCasinoRepository } from './casino-repository.js';
import { isBlocked, Refusal, requestHash, stakeWallet, walletAnswer } from './casino-wallet-protocol.js';
import { rollbackDebit } from './casino-wallet-rollback.js';
import { callContext, claimWithRound, completeWithBalance } from './casino-wallet-reads.js';

/** A signed call older or newer than this (against our clock) is refused as a possible replay. */
export const SIGNATURE_WINDOW_MS = 30_000;
/** Providers and games are read at most this often per process; a back-office change clears the cache at once. */
const CACHE_MS = 10_000;

export type { ProviderRow };
export { walletAnswer };

export type SignatureCheck = { ok: true; provider: ProviderRow } | { ok: false; reason: string };

/**
 * The seamless wallet providers call back (PRODUCT.md §4 "Casino wallet"). Each call that changes money
 * is one database transaction holding its casino_transactions row (unique per provider and transaction
 * id), its journal posting and its round update, so a retry replays the stored answer and no id ever
 * applies twice. Refusals store nothing (a retry is judged afresh), except a rollback of an unknown
 * debit, which leaves a tombstone under the debit's id so the late debit is refused.
 */
export function createCasinoWalletService(deps: { db: Database; wallet: WalletService; clock: Clock; onWagering?: WageringListener }) {
  const { db, wallet, clock } = deps;
  const repository = createCasinoRepository(db);

  const providerCache = new Map<string, { row: ProviderRow | null; at: number }>();
  const gameCache = new Map<string, { row: GameRow | null; at: number }>();
  /** Each provider's casino_house account id (made with the provider, never changed): one read per process. */
  const houseAccounts = new Map<string, number>();

  async function houseAccount(tx: Queryable, provider: ProviderRow): Promise<number> {
    const cached = houseAccounts.get(provider.code);
    if (cached !== undefined) return cached;
    const row = (await tx.query<{ id: number }>(`select id from ledger_accounts where kind = 'casino_house' and ref = $1 and user_id is null`, [provider.code])).rows[0];
    if (row === undefined) throw new Error(`provider ${provider.code} has no casino_house account`);
    houseAccounts.set(provider.code, Number(row.id));
    return Number(row.id);
  }

  async function provider(code: string): Promise<ProviderRow | null> {
    const cached = providerCache.get(code);
    if (cached !== undefined && Date.now() - cached.at < CACHE_MS) return cached.row;
    const row = await repository.providerByCode(code);
    providerCache.set(code, { row, at: Date.now() });
    return row;
  }
  async function game(providerId: number, code: string): Promise<GameRow | null> {
    const key = `${providerId}:${code}`;
    const cached = gameCache.get(key);
    if (cached !== undefined && Date.now() - cached.at < CACHE_MS) return cached.row;
    const row = await repository.gameByCode(providerId, code);
    gameCache.set(key, { row, at: Date.now() });
    return row;
  }

  async function availablePaise(tx: Queryable | undefined, userId: string, which: 'main' | 'bonus'): Promise<number> {
    const balances = await wallet.balancesOf(userId, tx);
    return which === 'main' ? balances.mainBalancePaise + balances.mainExposurePaise : balances.bonusBalancePaise + balances.bonusExposurePaise;
  }

  function description(provider: ProviderRow, game: GameRow): string {
    return `${game.is_slot ? 'Slots' : 'Live Casino'} / ${provider.name} / ${indiaDayMonthYear(clock.now())}`;
  }

  /** A transaction id already taken: the stored answer if it is the same request, else a refusal. */
  function replay(existing: TransactionRow, kind: 'debit' | 'credit' | 'rollback', hash: string): CasinoWalletResponse {
    if (kind === 'debit' && existing.kind === 'rollback_tombstone') return walletAnswer('TRANSACTION_ROLLED_BACK', { transactionId: existing.transaction_id });
    if (existing.kind !== kind || existing.request_hash !== hash || existing.response === null) return walletAnswer('TRANSACTION_MISMATCH', { transactionId: existing.transaction_id });
    return existing.response as CasinoWalletResponse;
  }

  /** The available balance in rupees, or null when the provider holds no live session for the player (it may not read it). */
  async function readableBalance(tx: Queryable | undefined, provider: ProviderRow, userId: string, which: 'main' | 'bonus'): Promise<number | null> {
    const session = await createCasinoRepository(tx ?? db).liveSession(userId, provider.id, clock.now());
    return session === null ? null : paiseToRupees(await availablePaise(tx, userId, which));
  }

  /**
   * Runs a money call; a refusal becomes its answer, with the player's current balance only for a
   * provider that may read it (a live launch session of its own).
   */
  async function guarded(
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
  }

  /**
   * A provider may debit or read a player only through a live launch session of its own, and only in
   * that session's currency; the session fixes the wallet. Null when it may not.
   */
  async function liveSession(provider: ProviderRow, playerId: string, currency: string | undefined): Promise<{ session: SessionRow; which: 'main' | 'bonus' } | CasinoWalletResponse> {
    const session = await repository.liveSession(playerId, provider.id, clock.now());
    if (session === null) return walletAnswer('TOKEN_INVALID');
    if (currency !== undefined && currency !== session.currency) return walletAnswer('INVALID_REQUEST', { playerId });
    const player = await repository.player(playerId);
    if (player === null) return walletAnswer('PLAYER_NOT_FOUND');
    return { session, which: session.wallet ?? stakeWallet(player) };
  }

  /** Posts through the wallet; the database's refusals become the protocol's. */
  async function post(tx: Queryable, posting: Posting, which: 'main' | 'bonus'): Promise<number> {
    try {
      return await wallet.post(tx, posting);
    } catch (error) {
      if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS') throw new Refusal('INSUFFICIENT_FUNDS', which);
      if (error instanceof AppError && error.code === 'LEDGER_LIMIT_REACHED') throw new Refusal('LIMIT_REACHED', which);
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new Refusal('PLAYER_NOT_FOUND', null);
      throw error;
    }
  }

  async function knownPlayer(tx: Queryable, userId: string): Promise<PlayerRow> {
    return (await createCasinoRepository(tx).player(userId)) ?? (() => { throw new Refusal('PLAYER_NOT_FOUND'); })();
  }

  return {
    provider,

    /** Forgets cached providers and games (after a back-office change). */
    invalidate(): void {
      providerCache.clear();
      gameCache.clear();
      houseAccounts.clear();
    },

    /**
     * X-Provider names the provider, X-Signature is hex(HMAC-SHA256(secret, raw body)) compared in
     * constant time, and the body's timestamp must lie within 30 s of our clock.
     */
    async checkSignature(providerCode: string | undefined, signature: string | undefined, rawBody: Buffer, timestampMs: unknown): Promise<SignatureCheck> {
      if (providerCode === undefined || signature === undefined) return { ok: false, reason: 'Unsigned request' };
      const row = await provider(providerCode);
      if (row === null || !row.active) return { ok: false, reason: 'Unknown provider' };
      if (!/^[0-9a-fA-F]{64}$/.test(signature) || !safeEqualHex(hmacHex(row.secret, rawBody.toString('utf8')), signature.toLowerCase())) return { ok: false, reason: 'Bad signature' };
      if (typeof timestampMs !== 'number' || !Number.isFinite(timestampMs) || Math.abs(clock.now().getTime() - timestampMs) > SIGNATURE_WINDOW_MS) {
        return { ok: false, reason: 'Stale or missing timestamp' };
      }
      return { ok: true, provider: row };
    },

    /** The launch token → the player, with the balance of the selected wallet. */
    async authenticate(provider: ProviderRow, token: string): Promise<CasinoWalletResponse> {
      const session = await repository.sessionByTokenHash(sha256Hex(token));
      if (session === null || session.provider_id !== provider.id || session.expires_at <= clock.now()) return walletAnswer('TOKEN_INVALID');
      const player = await repository.player(session.user_id);
      if (player === null) return walletAnswer('PLAYER_NOT_FOUND');
      if (isBlocked(player, clock.now())) return walletAnswer('PLAYER_BLOCKED', { playerId: player.id });
      const which = session.wallet ?? stakeWallet(player);
      return walletAnswer('OK', { playerId: player.id, playerName: player.username, wallet: which, balance: paiseToRupees(await availablePaise(undefined, player.id, which)) });
    },

    async balance(provider: ProviderRow, body: { playerId: string; currency?: string | undefined }): Promise<CasinoWalletResponse> {
      const live = await liveSession(provider, body.playerId, body.currency);
      if ('meta' in live) return live;
      const player = await repository.player(body.playerId);
      const which = live.which;
      return walletAnswer('OK', { playerId: body.playerId, playerName: player?.username ?? null, wallet: which, balance: paiseToRupees(await availablePaise(undefined, body.playerId, which)) });
    },

    async debit(provider: ProviderRow, body: CasinoWalletDebit): Promise<CasinoWalletResponse> {
      const amountPaise = rupeesToPaise(body.amount) ?? 0;
      const gameRow = await game(provider.id, body.gameCode);
      if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
      const hash = requestHash('debit', [body.playerId, body.roundId, body.gameCode, amountPaise]);
      // One read: a retry of a debit already taken replays its answer even after the session ended.
      const context = await callContext(db, { providerId: provider.id, transactionId: body.transactionId, userId: body.playerId, now: clock.now() });
      if (context.earlier !== null) return replay(context.earlier, 'debit', hash);
      const session = context.session;
      if (session === null) return walletAnswer('TOKEN_INVALID', { transactionId: body.transactionId });
      if (body.currency !== undefined && body.currency !== session.currency) return walletAnswer('INVALID_REQUEST', { playerId: body.playerId, transactionId: body.transactionId });
      const player = context.player;
      if (player === null) return walletAnswer('PLAYER_NOT_FOUND', { transactionId: body.transactionId });
      const which = session.wallet ?? stakeWallet(player);
      const playerAccount = context.accounts[which];
      return guarded(provider, body.playerId, body.transactionId, () =>
        db.transaction(async (tx) => {
          const repo = createCasinoRepository(tx);
          const now = clock.now();
          const claimed = await claimWithRound(
            tx,
            { providerId: provider.id, transactionId: body.transactionId, kind: 'debit', roundId: body.roundId, userId: player.id, wallet: which, amountPaise, requestHash: hash, at: now },
            { gameId: gameRow.id, wallet: which },
          );
          const rowId = claimed.rowId;
          if (rowId === null) return replay((await repo.findTransaction(provider.id, body.transactionId)) as TransactionRow, 'debit', hash);
          if (isBlocked(player, now) || !(gameRow.is_slot ? player.allow_slots : player.allow_live_casino) || !gameRow.enabled) throw new Refusal('PLAYER_BLOCKED', which);
          if (playerAccount === undefined) throw new Refusal('PLAYER_NOT_FOUND', null);
          const round = claimed.round as RoundRow;
          if (round.status !== 'open') throw new Refusal('ROUND_CLOSED', which);
          // A round's stakes all come from one wallet: the one its first debit used, which is the session's.
          const roundWallet = round.wallet;
          if (roundWallet !== which) throw new Refusal('INVALID_REQUEST', which);
          const journalId = await post(
            tx,
            {
              kind: 'casino_debit',
              idempotencyKey: `casino:${provider.id}:${body.transactionId}`,
              description: description(provider, gameRow),
              details: { provider: provider.name, providerCode: provider.code, gameCode: gameRow.code, roundId: body.roundId, kind: 'debit', transactionId: body.transactionId },
              entries: [
                { account: { accountId: playerAccount, owner: { userId: player.id, wallet: roundWallet } }, amountPaise: -amountPaise },
                { account: { accountId: await houseAccount(tx, provider) }, amountPaise },
              ],
            },
            roundWallet,
          );
          const answer = walletAnswer('OK', { transactionId: body.transactionId, reference: String(journalId), playerId: player.id, playerName: player.username, wallet: roundWallet, balance: null });
          const balancePaise = await completeWithBalance(tx, {
            rowId,
            amountPaise,
            wallet: roundWallet,
            journalTransactionId: journalId,
            response: answer,
            roundRowId: round.id,
            change: { stakePaise: amountPaise },
            accountId: playerAccount,
            readableBy: null,
          });
          return { ...answer, data: { ...answer.data, balance: balancePaise === null ? null : paiseToRupees(balancePaise) } };
        }),
      );
    },

    async credit(provider: ProviderRow, body: CasinoWalletCredit): Promise<CasinoWalletResponse> {
      const amountPaise = rupeesToPaise(body.amount) ?? 0;
      const gameRow = await game(provider.id, body.gameCode);
      if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
      if (body.currency !== undefined && body.currency !== 'INR') return walletAnswer('INVALID_REQUEST', { transactionId: body.transactionId });
      const hash = requestHash('credit', [body.playerId, body.roundId, body.gameCode, amountPaise]);
      const context = await callContext(db, { providerId: provider.id, transactionId: body.transactionId, userId: body.playerId, now: clock.now() });
      if (context.earlier !== null) return replay(context.earlier, 'credit', hash);
      return guarded(provider, body.playerId, body.transactionId, () =>
        db.transaction(async (tx) => {
          const repo = createCasinoRepository(tx);
          const player = context.player ?? (() => { throw new Refusal('PLAYER_NOT_FOUND'); })();
          const now = clock.now();
          const claimed = await claimWithRound(
            tx,
            { providerId: provider.id, transactionId: body.transactionId, kind: 'credit', roundId: body.roundId, userId: player.id, wallet: null, amountPaise, requestHash: hash, at: now },
            null,
          );
          const rowId = claimed.rowId;
          if (rowId === null) return replay((await repo.findTransaction(provider.id, body.transactionId)) as TransactionRow, 'credit', hash);
          const round = claimed.round;
          if (round === null) throw new Refusal('ROUND_NOT_FOUND', stakeWallet(player));
          if (round.status === 'rolled_back') throw new Refusal('ROUND_CLOSED', round.wallet);
          // One credit settles a round: a second one (another id) could pay the round twice.
          if (round.status === 'credited') throw new Refusal('ROUND_ALREADY_CREDITED', round.wallet);
          const playerAccount = context.accounts[round.wallet] ?? (() => { throw new Refusal('PLAYER_NOT_FOUND', null); })();
          let journalId: number | null = null;
          if (amountPaise > 0) {
            journalId = await post(tx, {
              kind: 'casino_credit',
              idempotencyKey: `casino:${provider.id}:${body.transactionId}`,
              description: description(provider, gameRow),
              details: { provider: provider.name, providerCode: provider.code, gameCode: gameRow.code, roundId: body.roundId, kind: 'credit', transactionId: body.transactionId },
              entries: [
                { account: { accountId: await houseAccount(tx, provider) }, amountPaise: -amountPaise },
                { account: { accountId: playerAccount, owner: { userId: player.id, wallet: round.wallet } }, amountPaise },
              ],
            }, round.wallet);
          }
          const answer = walletAnswer('OK', {
            transactionId: body.transactionId,
            reference: journalId === null ? null : String(journalId),
            playerId: player.id,
            playerName: player.username,
            wallet: round.wallet,
            balance: null,
          });
          // The balance only for a provider that still holds a live session of its own.
          const balancePaise = await completeWithBalance(tx, {
            rowId,
            amountPaise,
            wallet: round.wallet,
            journalTransactionId: journalId,
            response: answer,
            roundRowId: round.id,
            change: { payoutPaise: amountPaise, status: 'credited', settledAt: now },
            accountId: playerAccount,
            readableBy: { providerId: provider.id, userId: player.id, now },
          });
          // A settled bonus-wallet round counts towards the running bonus's wagering (PRODUCT.md §8).
          if (round.wallet === 'bonus' && deps.onWagering !== undefined) {
            await deps.onWagering(tx, [
              {
                source: 'casino',
                reference: `${provider.id}:${round.round_id}`,
                userId: player.id,
                description: description(provider, gameRow),
                product: gameRow.is_slot ? 'slots' : 'liveCasino',
                amountAtRiskPaise: Math.max(0, round.stake_paise - round.rolled_back_paise),
                oddsHundredths: null,
                placedAt: round.created_at,
                state: 'settled',
              },
            ]);
          }
          return { ...answer, data: { ...answer.data, balance: balancePaise === null ? null : paiseToRupees(balancePaise) } };
        }),
      );
    },

    async rollback(provider: ProviderRow, body: CasinoWalletRollback): Promise<CasinoWalletResponse> {
      return rollbackDebit({ db, now: () => clock.now(), game, knownPlayer, replay, post, description, readableBalance, guarded }, provider, body);
    },
  };
}
export type CasinoWalletService = ReturnType<typeof createCasinoWalletService>;
