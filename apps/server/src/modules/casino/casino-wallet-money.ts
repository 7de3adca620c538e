import type { CasinoWalletCredit, CasinoWalletDebit, CasinoWalletResponse } from '@khel/contract';
import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import { autoCommitted } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Posting, WalletService } from '../wallet/wallet-service.js';
import type { CallWrite } from './casino-wallet-calls.js';
import { creditWrite, debitWrite } from './casino-wallet-calls.js';
import type { CasinoWalletHints } from './casino-wallet-hints.js';
import { createCasinoWalletHints } from './casino-wallet-hints.js';
import type { WageringListener } from '../bonus/bonus-rules.js';
import type { ProviderRow, TransactionRow } from './casino-repository.js';
import { createCasinoRepository } from './casino-repository.js';
import { isBlocked, Refusal, requestHash, stakeWallet, walletAnswer } from './casino-wallet-protocol.js';
import type { CallContext } from './casino-wallet-reads-repository.js';
import { callContext } from './casino-wallet-reads-repository.js';
import type { SettleInput, Settled } from './casino-wallet-settle.js';
import { isTakenId } from './casino-wallet-settle.js';
import type { CasinoWalletSteps } from './casino-wallet-steps.js';
import type { CasinoWalletWriterOptions } from './casino-wallet-writer.js';
import { createCasinoWalletWriter } from './casino-wallet-writer.js';

/** Stops a call inside its transaction with an answer, rolling back whatever it wrote. */
class Answered extends Error {
  constructor(readonly answer: CasinoWalletResponse) {
    super('answered');
  }
}

/** The id was claimed by a call that raced this one: its statement was undone; replay the stored answer. */
class Taken extends Error {}
/** A bonus round's credit also records wagering: it runs in a transaction with the context locked. */
class NeedsTransaction extends Error {}

/**
 * The debit and the credit, settled one way: the writer's settle statement (casino-wallet-writer.ts,
 * casino-wallet-settle-repository.ts), which locks the account, checks and moves the round, claims the
 * id, posts and stores the answer, committed by PostgreSQL on its own (atomic, so a retry replays the stored
 * answer, no id ever applies twice, and a refusal or a lost race stores nothing), and says why when it
 * did not claim a call. When the process knows the player (its hints: accounts, wallet, the round's id)
 * that statement is the whole call, one round trip, shared with other calls in flight, and it
 * re-checks in SQL what the context would have checked; an id already stored, an overdraw or the
 * payout limit it answers itself. Otherwise, or when its guard, the account's lock or the round left
 * the call out, the context is read first and decides the refusal, and the same statement settles the
 * call alone, waiting for the account's lock (two round trips). A bonus round's credit, which also
 * writes wagering, runs in a transaction (BEGIN, the context locked, the statement and the wagering,
 * COMMIT). Decisions 0028, 0069.
 */
export function createCasinoMoneyCalls(deps: {
  db: Database;
  wallet: WalletService;
  clock: Clock;
  steps: CasinoWalletSteps;
  onWagering?: WageringListener;
  hints?: CasinoWalletHints;
  writer?: CasinoWalletWriterOptions;
}) {
  const { db, wallet, clock, steps } = deps;
  const hints = deps.hints ?? createCasinoWalletHints();
  const writer = createCasinoWalletWriter({
    db,
    wallet,
    ...(deps.writer === undefined ? {} : { options: deps.writer }),
  });

  /**
   * Runs a call: `fast` (one statement from the hints; null when it could not or did not apply), else
   * its context and one writing statement committed on their own, or (`NeedsTransaction`) in one
   * transaction with the context locked. An `Answered` (replay, token refusal) answers; a `Taken` id
   * replays what the racing call stored.
   */
  async function run(
    provider: ProviderRow,
    playerId: string,
    transactionId: string,
    kind: 'debit' | 'credit',
    hash: string,
    fast: (q: Queryable) => Promise<CasinoWalletResponse | null>,
    fn: (q: Queryable, locked: boolean) => Promise<CasinoWalletResponse>,
  ): Promise<CasinoWalletResponse> {
    return steps.guarded(provider, playerId, transactionId, async () => {
      try {
        try {
          return await autoCommitted(db, async (q) => (await fast(q)) ?? fn(q, false));
        } catch (error) {
          if (!(error instanceof NeedsTransaction)) throw error;
          return await db.transaction((tx) => fn(tx, true));
        }
      } catch (error) {
        if (error instanceof Answered) return error.answer;
        if (error instanceof Taken) {
          const taken = await createCasinoRepository(db).findTransaction(provider.id, transactionId);
          if (taken !== null) return steps.replay(taken as TransactionRow, kind, hash);
        }
        throw error;
      }
    });
  }

  /** The call on the one settle statement, through the writer; an id lost to a racing call is `Taken`, a database refusal the protocol's. */
  function settle(q: Queryable, input: SettleInput, posting: Posting | null): Promise<Settled> {
    return writer.settle(q, input, posting).catch((error: unknown) => {
      if (isTakenId(error)) throw new Taken();
      throw steps.refusalOf(error, input.wallet);
    });
  }

  /**
   * A call the statement did not claim, where its reason is the answer a serial execution gives: the
   * id already stored (replayed), an overdraw, the provider's payout limit. Otherwise (a failed guard,
   * an account held elsewhere, the round) it returns: the context decides.
   */
  function answerRefused(settled: Settled, which: 'main' | 'bonus'): void {
    if (settled.refused === 'taken') throw new Taken();
    if (settled.refused === 'funds') throw new Refusal('INSUFFICIENT_FUNDS', which);
    if (settled.refused === 'limit') throw new Refusal('LIMIT_REACHED', which);
  }

  /**
   * The full path's statement did not claim: the round moved since the context was read. If it moved
   * because a call with this very id went in meanwhile (a retry racing its original, each read the
   * context before the other committed), that call's stored answer is the answer, not a refusal.
   */
  async function refusedUnlessTaken(
    tx: Queryable,
    provider: ProviderRow,
    transactionId: string,
    kind: 'debit' | 'credit',
    hash: string,
    refusal: Refusal,
  ): Promise<never> {
    const taken = await createCasinoRepository(tx).findTransaction(provider.id, transactionId);
    if (taken !== null) throw new Answered(steps.replay(taken, kind, hash));
    throw refusal;
  }

  /** The answer of a call that went in: the stored answer with its reference and balance. */
  function answered(
    write: CallWrite,
    settled: { journalId: number | null; balancePaise: number | null },
  ): CasinoWalletResponse {
    const { answer } = write;
    return {
      ...answer,
      data: {
        ...answer.data,
        reference: settled.journalId === null ? null : String(settled.journalId),
        balance: settled.balancePaise === null ? null : paiseToRupees(settled.balancePaise),
      },
    };
  }

  return {
    /** What the group commit did so far: statements against calls (tests, benches). */
    writerCounts: writer.counts,

    async debit(provider: ProviderRow, body: CasinoWalletDebit): Promise<CasinoWalletResponse> {
      const amountPaise = rupeesToPaise(body.amount) ?? 0;
      const gameRow = await steps.game(provider.id, body.gameCode);
      if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
      const hash = requestHash('debit', [body.playerId, body.roundId, body.gameCode, amountPaise]);
      const party = (
        house: number,
        now: Date,
        userId: string,
        username: string,
        which: 'main' | 'bonus',
        accountId: number,
      ) => ({
        provider,
        game: gameRow,
        description: steps.description(gameRow),
        house,
        userId,
        username,
        wallet: which,
        accountId,
        now,
        hash,
      });

      /** One round trip: the statement requires the session, the player's flags and the hinted wallet itself. */
      const fast = async (q: Queryable): Promise<CasinoWalletResponse | null> => {
        const hint = hints.player(body.playerId);
        const which = hints.wallet(provider.id, body.playerId);
        const accountId = which === undefined ? undefined : hint?.accounts[which];
        if (hint === undefined || which === undefined || accountId === undefined || !gameRow.enabled) return null;
        const write = debitWrite(
          party(await steps.houseAccount(q, provider), clock.now(), body.playerId, hint.username, which, accountId),
          body,
          amountPaise,
        );
        const settled = await settle(
          q,
          { ...write.input, guard: { slot: gameRow.is_slot, currency: body.currency ?? null }, skipLocked: true },
          write.posting,
        );
        if (!settled.claimed) {
          answerRefused(settled, which);
          return null;
        }
        hints.learnDebit(provider.id, body.playerId, body.roundId, which, settled.round);
        return answered(write, settled);
      };

      return run(provider, body.playerId, body.transactionId, 'debit', hash, fast, async (tx, lock) => {
        const now = clock.now();
        const house = await steps.houseAccount(tx, provider);
        const context: CallContext = await callContext(tx, {
          providerId: provider.id,
          transactionId: body.transactionId,
          userId: body.playerId,
          roundId: body.roundId,
          now,
          lock,
        });
        // A retry of a debit already taken replays its answer even after the session ended.
        if (context.earlier !== null) throw new Answered(steps.replay(context.earlier, 'debit', hash));
        const session = context.session;
        if (session === null) throw new Answered(walletAnswer('TOKEN_INVALID', { transactionId: body.transactionId }));
        if (body.currency !== undefined && body.currency !== session.currency)
          throw new Answered(
            walletAnswer('INVALID_REQUEST', { playerId: body.playerId, transactionId: body.transactionId }),
          );
        const player =
          context.player ??
          (() => {
            throw new Answered(walletAnswer('PLAYER_NOT_FOUND', { transactionId: body.transactionId }));
          })();
        const which = session.wallet ?? stakeWallet(player);
        if (
          isBlocked(player, now) ||
          !(gameRow.is_slot ? player.allow_slots : player.allow_live_casino) ||
          !gameRow.enabled
        )
          throw new Refusal('PLAYER_BLOCKED', which);
        const playerAccount =
          context.accounts[which] ??
          (() => {
            throw new Refusal('PLAYER_NOT_FOUND', null);
          })();
        // A round's stakes all come from one wallet: the one its first debit used, which is the session's.
        if (context.round !== null && context.round.status !== 'open') throw new Refusal('ROUND_CLOSED', which);
        if (context.round !== null && context.round.wallet !== which) throw new Refusal('INVALID_REQUEST', which);
        const write = debitWrite(
          party(house, now, player.id, player.username, which, playerAccount),
          body,
          amountPaise,
        );
        const settled = await settle(tx, write.input, write.posting);
        if (!settled.claimed) answerRefused(settled, which);
        // The round changed since the context was read (closed, or opened in another wallet).
        if (!settled.claimed)
          return refusedUnlessTaken(
            tx,
            provider,
            body.transactionId,
            'debit',
            hash,
            new Refusal('ROUND_CLOSED', which),
          );
        hints.learnPlayer(player.id, { accounts: context.accounts, username: player.username });
        hints.learnDebit(provider.id, player.id, body.roundId, which, settled.round);
        return answered(write, settled);
      });
    },

    async credit(provider: ProviderRow, body: CasinoWalletCredit): Promise<CasinoWalletResponse> {
      const amountPaise = rupeesToPaise(body.amount) ?? 0;
      const gameRow = await steps.game(provider.id, body.gameCode);
      if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
      if (body.currency !== undefined && body.currency !== 'INR')
        return walletAnswer('INVALID_REQUEST', { transactionId: body.transactionId });
      const hash = requestHash('credit', [body.playerId, body.roundId, body.gameCode, amountPaise]);
      const party = (
        house: number,
        now: Date,
        userId: string,
        username: string,
        which: 'main' | 'bonus',
        accountId: number,
      ) => ({
        provider,
        game: gameRow,
        description: steps.description(gameRow),
        house,
        userId,
        username,
        wallet: which,
        accountId,
        now,
        hash,
      });

      /** One round trip: the round learnt from its debit; the statement settles it only while it is open. */
      const fast = async (q: Queryable): Promise<CasinoWalletResponse | null> => {
        const hint = hints.player(body.playerId);
        const round = hints.round(provider.id, body.roundId, body.playerId);
        const accountId = round === undefined ? undefined : hint?.accounts[round.wallet];
        // A bonus round's credit writes wagering too: it takes the transaction path.
        if (
          hint === undefined ||
          round === undefined ||
          accountId === undefined ||
          (round.wallet === 'bonus' && deps.onWagering !== undefined)
        )
          return null;
        const write = creditWrite(
          party(
            await steps.houseAccount(q, provider),
            clock.now(),
            body.playerId,
            hint.username,
            round.wallet,
            accountId,
          ),
          body,
          amountPaise,
          round.id,
        );
        const settled = await settle(q, { ...write.input, skipLocked: true }, write.posting);
        hints.forgetRound(provider.id, body.roundId, body.playerId);
        if (!settled.claimed) {
          answerRefused(settled, round.wallet);
          return null;
        }
        return answered(write, settled);
      };

      return run(provider, body.playerId, body.transactionId, 'credit', hash, fast, async (tx, lock) => {
        const now = clock.now();
        const house = await steps.houseAccount(tx, provider);
        const context = await callContext(tx, {
          providerId: provider.id,
          transactionId: body.transactionId,
          userId: body.playerId,
          roundId: body.roundId,
          now,
          lock,
        });
        if (context.earlier !== null) throw new Answered(steps.replay(context.earlier, 'credit', hash));
        const player =
          context.player ??
          (() => {
            throw new Refusal('PLAYER_NOT_FOUND');
          })();
        const round =
          context.round ??
          (() => {
            throw new Refusal('ROUND_NOT_FOUND', stakeWallet(player));
          })();
        if (round.status === 'rolled_back') throw new Refusal('ROUND_CLOSED', round.wallet);
        // One credit settles a round: a second one (another id) could pay the round twice.
        if (round.status === 'credited') throw new Refusal('ROUND_ALREADY_CREDITED', round.wallet);
        const playerAccount =
          context.accounts[round.wallet] ??
          (() => {
            throw new Refusal('PLAYER_NOT_FOUND', null);
          })();
        // Wagering is written with the credit, in the same transaction, from the round as locked.
        if (!lock && round.wallet === 'bonus' && deps.onWagering !== undefined) throw new NeedsTransaction();
        const write = creditWrite(
          party(house, now, player.id, player.username, round.wallet, playerAccount),
          body,
          amountPaise,
          round.id,
        );
        const settled = await settle(tx, write.input, write.posting);
        if (!settled.claimed) answerRefused(settled, round.wallet);
        if (!settled.claimed)
          return refusedUnlessTaken(
            tx,
            provider,
            body.transactionId,
            'credit',
            hash,
            new Refusal('ROUND_ALREADY_CREDITED', round.wallet),
          );
        hints.learnPlayer(player.id, { accounts: context.accounts, username: player.username });
        hints.forgetRound(provider.id, body.roundId, player.id);
        // A settled bonus-wallet round counts towards the running bonus's wagering (PRODUCT.md §8).
        if (round.wallet === 'bonus' && deps.onWagering !== undefined) {
          const stakePaise = Math.max(0, round.stake_paise - round.rolled_back_paise);
          await deps.onWagering(tx, [
            {
              source: 'casino',
              reference: `${provider.id}:${round.round_id}`,
              userId: player.id,
              description: steps.description(gameRow),
              product: gameRow.is_slot ? 'slots' : 'liveCasino',
              // A round risks its stake, whatever the odds.
              amountAtRiskPaise: stakePaise,
              oddsHundredths: null,
              countableAtOdds: () => stakePaise,
              placedAt: round.created_at,
              state: 'settled',
            },
          ]);
        }
        return answered(write, settled);
      });
    },
  };
}
