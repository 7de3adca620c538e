import type { CasinoWalletResponse, CasinoWalletRollback } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { hmacHex, safeEqualHex, sha256Hex } from '../../lib/crypto.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { ProviderRow } from './casino-repository.js';
import type { WageringListener } from '../bonus/bonus-rules.js';
import { createCasinoRepository } from './casino-repository.js';
import { isBlocked, stakeWallet, walletAnswer } from './casino-wallet-protocol.js';
import { rollbackDebit } from './casino-wallet-rollback.js';
import { createCasinoWalletSteps } from './casino-wallet-steps.js';
import { createCasinoMoneyCalls } from './casino-wallet-money.js';
import type { CasinoWalletWriterOptions } from './casino-wallet-writer.js';

/** A signed call older or newer than this (against our clock) is refused as a possible replay. */
export const SIGNATURE_WINDOW_MS = 30_000;

export type { ProviderRow };
export { walletAnswer };

export type SignatureCheck = { ok: true; provider: ProviderRow } | { ok: false; reason: string };

/**
 * The seamless wallet providers call back (PRODUCT.md §4 "Casino wallet"). Each call that changes money
 * is one database transaction holding its casino_transactions row (unique per provider and transaction
 * id), its journal posting and its round update, so a retry replays the stored answer and no id ever
 * applies twice. Refusals store nothing (a retry is judged afresh), except a rollback of an unknown
 * debit, which leaves a tombstone under the debit's id so the late debit is refused. The debit and the
 * credit live in casino-wallet-money.ts, the rollback in casino-wallet-rollback.ts, what they share in
 * casino-wallet-steps.ts.
 */
export function createCasinoWalletService(deps: {
  db: Database;
  wallet: WalletService;
  clock: Clock;
  onWagering?: WageringListener;
  writer?: CasinoWalletWriterOptions;
}) {
  const { db, clock } = deps;
  const repository = createCasinoRepository(db);
  const steps = createCasinoWalletSteps(deps);
  const money = createCasinoMoneyCalls({ ...deps, steps });
  const { provider, availablePaise, guarded, readableBalance, description, replay, post, knownPlayer, game } = steps;

  /**
   * A provider may debit or read a player only through a live launch session of its own, and only in
   * that session's currency; the session fixes the wallet. Null when it may not.
   */
  async function liveSession(
    provider: ProviderRow,
    playerId: string,
    currency: string | undefined,
  ): Promise<{ which: 'main' | 'bonus' } | CasinoWalletResponse> {
    const session = await repository.liveSession(playerId, provider.id, clock.now());
    if (session === null) return walletAnswer('TOKEN_INVALID');
    if (currency !== undefined && currency !== session.currency) return walletAnswer('INVALID_REQUEST', { playerId });
    const player = await repository.player(playerId);
    if (player === null) return walletAnswer('PLAYER_NOT_FOUND');
    return { which: session.wallet ?? stakeWallet(player) };
  }

  return {
    provider,
    /** The provider's game by code (cached 10 s). */
    game,
    /** A player's available balance (balance + exposure) in one wallet, in paise. */
    availablePaise: (userId: string, which: 'main' | 'bonus') => availablePaise(undefined, userId, which),

    /** Forgets cached providers and games (after a back-office change). */
    invalidate: steps.invalidate,

    /**
     * X-Provider names the provider, X-Signature is hex(HMAC-SHA256(secret, raw body)) compared in
     * constant time, and the body's timestamp must lie within 30 s of our clock.
     */
    async checkSignature(
      providerCode: string | undefined,
      signature: string | undefined,
      rawBody: Buffer,
      timestampMs: unknown,
    ): Promise<SignatureCheck> {
      if (providerCode === undefined || signature === undefined) return { ok: false, reason: 'Unsigned request' };
      const row = await provider(providerCode);
      if (row === null || !row.active) return { ok: false, reason: 'Unknown provider' };
      if (
        !/^[0-9a-fA-F]{64}$/.test(signature) ||
        !safeEqualHex(hmacHex(row.secret, rawBody.toString('utf8')), signature.toLowerCase())
      )
        return { ok: false, reason: 'Bad signature' };
      if (
        typeof timestampMs !== 'number' ||
        !Number.isFinite(timestampMs) ||
        Math.abs(clock.now().getTime() - timestampMs) > SIGNATURE_WINDOW_MS
      ) {
        return { ok: false, reason: 'Stale or missing timestamp' };
      }
      return { ok: true, provider: row };
    },

    /** The launch token → the player, with the balance of the selected wallet. */
    async authenticate(provider: ProviderRow, token: string): Promise<CasinoWalletResponse> {
      const session = await repository.sessionByTokenHash(sha256Hex(token));
      if (session === null || session.provider_id !== provider.id || session.expires_at <= clock.now())
        return walletAnswer('TOKEN_INVALID');
      const player = await repository.player(session.user_id);
      if (player === null) return walletAnswer('PLAYER_NOT_FOUND');
      if (isBlocked(player, clock.now())) return walletAnswer('PLAYER_BLOCKED', { playerId: player.id });
      const which = session.wallet ?? stakeWallet(player);
      return walletAnswer('OK', {
        playerId: player.id,
        playerName: player.username,
        wallet: which,
        balance: paiseToRupees(await availablePaise(undefined, player.id, which)),
      });
    },

    async balance(
      provider: ProviderRow,
      body: { playerId: string; currency?: string | undefined },
    ): Promise<CasinoWalletResponse> {
      const live = await liveSession(provider, body.playerId, body.currency);
      if ('meta' in live) return live;
      const player = await repository.player(body.playerId);
      const which = live.which;
      return walletAnswer('OK', {
        playerId: body.playerId,
        playerName: player?.username ?? null,
        wallet: which,
        balance: paiseToRupees(await availablePaise(undefined, body.playerId, which)),
      });
    },

    debit: money.debit,
    credit: money.credit,
    /** The group commit's counts: statements sent for one-statement calls, against the calls (decision 0028, third addendum). */
    writerCounts: money.writerCounts,

    async rollback(provider: ProviderRow, body: CasinoWalletRollback): Promise<CasinoWalletResponse> {
      return rollbackDebit(
        { db, now: () => clock.now(), game, knownPlayer, replay, post, description, readableBalance, guarded },
        provider,
        body,
      );
    },
  };
}
export type CasinoWalletService = ReturnType<typeof createCasinoWalletService>;
