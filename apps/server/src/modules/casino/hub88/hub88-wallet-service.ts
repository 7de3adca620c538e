import type { Hub88Answer, Hub88Balance, Hub88Bet, Hub88Rollback, Hub88UserInfo, Hub88Win } from '@khel/contract';
import { paiseToRupees, indiaDate } from '@khel/money';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { sha256Hex } from '../../../lib/crypto.js';
import type { ProviderRow } from '../casino-repository.js';
import { createCasinoRepository } from '../casino-repository.js';
import { stakeWallet } from '../casino-wallet-protocol.js';
import type { CasinoWalletService } from '../casino-wallet-service.js';
import { createHub88Repository } from './hub88-repository.js';
import { betRound, fromWallet, paiseToUnits, refusal, unitsToPaise } from './hub88-protocol.js';

/** The aggregator's provider row (migration 0030). */
export const HUB88_PROVIDER_CODE = 'hub88';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Hub88's Wallet API on our seamless wallet (decision 0046). Each money call is translated into the
 * wallet's own debit, credit or rollback on the `hub88` provider (casino-wallet-service.ts): the same
 * statement, ledger rules, idempotency by transaction id, limits, bonus wallet, wagering and statement
 * lines as every provider's; nothing here moves money. What Hub88 adds is checked here: its request
 * consistency (a repeated request_uuid gets its first answer), the session token on bets, its
 * currency, its integer amounts, and its statuses.
 */
export function createHub88WalletService(deps: {
  db: Database;
  casinoWallet: CasinoWalletService;
  clock: Clock;
  subPartnerId?: string | undefined;
}) {
  const { db, casinoWallet, clock } = deps;
  const repository = createHub88Repository(db);
  const casinoRepository = createCasinoRepository(db);

  async function aggregator(): Promise<ProviderRow | null> {
    const provider = await casinoWallet.provider(HUB88_PROVIDER_CODE);
    return provider !== null && provider.active && provider.kind === 'aggregator' ? provider : null;
  }

  /** A repeated request_uuid gets the first answer; a new one is computed and kept (Hub88's request consistency). */
  async function once(
    endpoint: string,
    requestUuid: string,
    compute: () => Promise<Hub88Answer>,
  ): Promise<Hub88Answer> {
    const stored = await repository.storedAnswer(requestUuid);
    if (stored !== null) return stored;
    const answer = await compute();
    return repository.keepAnswer(requestUuid, endpoint, answer, clock.now());
  }

  /** The bet's session: its token must be a live launch of this user with the aggregator, in the bet's currency. */
  async function betSession(provider: ProviderRow, body: Hub88Bet): Promise<Hub88Answer | null> {
    if (body.token === undefined || body.token === null) return refusal('RS_ERROR_INVALID_TOKEN', body);
    const session = await casinoRepository.sessionByTokenHash(sha256Hex(body.token));
    if (session === null || session.provider_id !== provider.id || session.user_id !== body.user)
      return refusal('RS_ERROR_INVALID_TOKEN', body);
    if (session.expires_at <= clock.now()) return refusal('RS_ERROR_TOKEN_EXPIRED', body);
    if (session.currency !== body.currency) return refusal('RS_ERROR_WRONG_CURRENCY', body);
    return null;
  }

  /** The wallet's rupees for Hub88 units, or the refusal of an amount that is not whole paise. */
  function rupeesOf(body: { amount: number }): number | null {
    const paise = unitsToPaise(body.amount);
    return paise === null ? null : paiseToRupees(paise);
  }

  return {
    async userInfo(body: Hub88UserInfo): Promise<Hub88Answer> {
      if ((await aggregator()) === null) return refusal('RS_ERROR_INVALID_PARTNER', body);
      const player = UUID.test(body.user) ? await repository.player(body.user) : null;
      if (player === null) return refusal('RS_ERROR_UNKNOWN', body);
      return {
        status: 'RS_OK',
        request_uuid: body.request_uuid,
        user: body.user,
        country: player.mobile_no.startsWith('1') ? 'US' : 'IN',
        registration_date: indiaDate(player.created_at),
        ...(deps.subPartnerId === undefined ? {} : { sub_partner_id: deps.subPartnerId }),
      };
    },

    /** The balance of the wallet the session (or, without one, the player's selection) plays from. */
    async balance(body: Hub88Balance): Promise<Hub88Answer> {
      const provider = await aggregator();
      if (provider === null) return refusal('RS_ERROR_INVALID_PARTNER', body);
      const player = UUID.test(body.user) ? await casinoRepository.player(body.user) : null;
      if (player === null) return refusal('RS_ERROR_UNKNOWN', body);
      let which = stakeWallet(player);
      if (body.token !== undefined && body.token !== null) {
        const session = await casinoRepository.sessionByTokenHash(sha256Hex(body.token));
        if (session === null || session.provider_id !== provider.id || session.user_id !== body.user)
          return refusal('RS_ERROR_INVALID_TOKEN', body);
        which = session.wallet ?? which;
      }
      return {
        status: 'RS_OK',
        request_uuid: body.request_uuid,
        user: body.user,
        currency: 'INR',
        balance: paiseToUnits(await casinoWallet.availablePaise(body.user, which)),
      };
    },

    /**
     * A bet: the token is checked (a live session of this user); the stake leaves the wallet of the
     * player's newest launch with the aggregator, as for every provider (decision 0013).
     */
    bet(body: Hub88Bet): Promise<Hub88Answer> {
      return once('transaction/bet', body.request_uuid, async () => {
        const provider = await aggregator();
        if (provider === null) return refusal('RS_ERROR_INVALID_PARTNER', body);
        const rupees = rupeesOf(body);
        if (rupees === null) return refusal('RS_ERROR_WRONG_TYPES', body);
        if ((await casinoWallet.game(provider.id, body.game_code)) === null)
          return refusal('RS_ERROR_INVALID_GAME', body);
        const refused = await betSession(provider, body);
        if (refused !== null) return refused;
        const answer = await casinoWallet.debit(provider, {
          timestamp: clock.now().getTime(),
          playerId: body.user,
          transactionId: body.transaction_uuid,
          roundId: betRound(body.transaction_uuid, body.round),
          gameCode: body.game_code,
          // A free bet (a reward's spin) takes nothing from the player; its wallet round is opened all the same.
          amount: body.is_free === true ? 0 : rupees,
          currency: body.currency,
        });
        return fromWallet(answer, body);
      });
    },

    /** A win: no token needed (it may come after the session ended); paid into the wallet its bet came from. */
    win(body: Hub88Win): Promise<Hub88Answer> {
      return once('transaction/win', body.request_uuid, async () => {
        const provider = await aggregator();
        if (provider === null) return refusal('RS_ERROR_INVALID_PARTNER', body);
        const rupees = rupeesOf(body);
        if (rupees === null) return refusal('RS_ERROR_WRONG_TYPES', body);
        if (body.currency !== 'INR') return refusal('RS_ERROR_WRONG_CURRENCY', body);
        if (!UUID.test(body.user)) return refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', body);
        const answer = await casinoWallet.credit(provider, {
          timestamp: clock.now().getTime(),
          playerId: body.user,
          transactionId: body.transaction_uuid,
          roundId: betRound(body.reference_transaction_uuid, body.round),
          gameCode: body.game_code,
          amount: rupees,
          currency: 'INR',
        });
        return fromWallet(answer, body);
      });
    },

    /**
     * A rollback returns the bet it names, once. A bet never seen is answered
     * RS_ERROR_TRANSACTION_DOES_NOT_EXIST and remembered (the wallet's tombstone under the bet's id), so
     * the late bet is refused with RS_ERROR_TRANSACTION_ROLLED_BACK.
     */
    rollback(body: Hub88Rollback): Promise<Hub88Answer> {
      return once('transaction/rollback', body.request_uuid, async () => {
        const provider = await aggregator();
        if (provider === null) return refusal('RS_ERROR_INVALID_PARTNER', body);
        if (!UUID.test(body.user)) return refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', body);
        if (body.transaction_uuid === body.reference_transaction_uuid) return refusal('RS_ERROR_WRONG_SYNTAX', body);
        const answer = await casinoWallet.rollback(provider, {
          timestamp: clock.now().getTime(),
          playerId: body.user,
          transactionId: body.transaction_uuid,
          debitTransactionId: body.reference_transaction_uuid,
          roundId: betRound(body.reference_transaction_uuid, body.round),
          gameCode: body.game_code,
        });
        if (answer.data.status !== 'OK') return fromWallet(answer, body);
        const bet = await casinoRepository.findTransaction(provider.id, body.reference_transaction_uuid);
        return fromWallet(
          answer,
          body,
          bet?.kind === 'rollback_tombstone' ? 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' : 'RS_OK',
        );
      });
    },
  };
}
export type Hub88WalletService = ReturnType<typeof createHub88WalletService>;
