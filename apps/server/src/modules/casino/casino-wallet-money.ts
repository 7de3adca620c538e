import type { CasinoWalletCredit, CasinoWalletDebit, CasinoWalletResponse } from '@khel/contract';
import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import { autoCommitted } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Posting, WalletService } from '../wallet/wallet-service.js';
import type { WageringListener } from '../bonus/bonus-rules.js';
import type { GameRow, ProviderRow, RoundRow, TransactionRow } from './casino-repository.js';
import { createCasinoRepository } from './casino-repository.js';
import { isBlocked, Refusal, requestHash, stakeWallet, walletAnswer } from './casino-wallet-protocol.js';
import type { CallContext, SettleInput } from './casino-wallet-reads.js';
import { callContext, isTakenId, settleCall } from './casino-wallet-reads.js';
import type { CasinoWalletSteps } from './casino-wallet-steps.js';

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
 * The debit and the credit: two round trips each when warm, and no BEGIN or COMMIT: the context (a
 * plain read), then ONE statement that locks the account, checks and moves the round, claims the id,
 * posts and stores the answer, committed by PostgreSQL on its own (atomic, so a retry replays the
 * stored answer, no id ever applies twice, and a refusal or a lost race undoes everything and stores
 * nothing). A bonus round's credit, which also writes wagering, runs as one transaction of four
 * (BEGIN, the context locked, the statement and the wagering, COMMIT). Decision 0028.
 */
export function createCasinoMoneyCalls(deps: { db: Database; wallet: WalletService; clock: Clock; steps: CasinoWalletSteps; onWagering?: WageringListener }) {
  const { db, wallet, clock, steps } = deps;

  /**
   * Runs a call: its one writing statement committed on its own, or (`NeedsTransaction`) in one
   * transaction with the context locked. An `Answered` (replay, token refusal) answers; a `Taken` id
   * replays what the racing call stored.
   */
  async function run(provider: ProviderRow, playerId: string, transactionId: string, kind: 'debit' | 'credit', hash: string, fn: (q: Queryable, locked: boolean) => Promise<CasinoWalletResponse>): Promise<CasinoWalletResponse> {
    return steps.guarded(provider, playerId, transactionId, async () => {
      try {
        try {
          return await autoCommitted(db, (q) => fn(q, false));
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

  /** The claim, round and posting in one statement; a refusal writes nothing, a lost race is undone. */
  async function settle(tx: Queryable, input: SettleInput, posting: Posting | null, refuse: (round: RoundRow | null) => Refusal): Promise<{ journalId: number | null; balancePaise: number | null }> {
    const statement = async (journal: Parameters<typeof settleCall>[2]) => {
      const outcome = await settleCall(tx, input, journal);
      return { posted: outcome.posted, value: outcome, balances: outcome.wallets === null ? undefined : new Map([[input.userId, outcome.wallets]]) };
    };
    const outcome = await (posting === null ? statement(null).then((result) => result.value) : wallet.postWithin(tx, posting, (rows) => statement(rows[0] ?? null))).catch((error: unknown) => {
      if (isTakenId(error)) throw new Taken();
      throw steps.refusalOf(error, input.wallet);
    });
    if (!outcome.claimed) throw refuse(outcome.round);
    return outcome;
  }

  function details(provider: ProviderRow, gameRow: GameRow, body: { roundId: string; transactionId: string }, kind: 'debit' | 'credit') {
    return { provider: provider.name, providerCode: provider.code, gameCode: gameRow.code, roundId: body.roundId, kind, transactionId: body.transactionId };
  }

  return {
    async debit(provider: ProviderRow, body: CasinoWalletDebit): Promise<CasinoWalletResponse> {
      const amountPaise = rupeesToPaise(body.amount) ?? 0;
      const gameRow = await steps.game(provider.id, body.gameCode);
      if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
      const hash = requestHash('debit', [body.playerId, body.roundId, body.gameCode, amountPaise]);
      return run(provider, body.playerId, body.transactionId, 'debit', hash, async (tx, lock) => {
        const now = clock.now();
        const house = await steps.houseAccount(tx, provider);
        const context: CallContext = await callContext(tx, { providerId: provider.id, transactionId: body.transactionId, userId: body.playerId, roundId: body.roundId, now, lock });
        // A retry of a debit already taken replays its answer even after the session ended.
        if (context.earlier !== null) throw new Answered(steps.replay(context.earlier, 'debit', hash));
        const session = context.session;
        if (session === null) throw new Answered(walletAnswer('TOKEN_INVALID', { transactionId: body.transactionId }));
        if (body.currency !== undefined && body.currency !== session.currency) throw new Answered(walletAnswer('INVALID_REQUEST', { playerId: body.playerId, transactionId: body.transactionId }));
        const player = context.player ?? (() => { throw new Answered(walletAnswer('PLAYER_NOT_FOUND', { transactionId: body.transactionId })); })();
        const which = session.wallet ?? stakeWallet(player);
        if (isBlocked(player, now) || !(gameRow.is_slot ? player.allow_slots : player.allow_live_casino) || !gameRow.enabled) throw new Refusal('PLAYER_BLOCKED', which);
        const playerAccount = context.accounts[which] ?? (() => { throw new Refusal('PLAYER_NOT_FOUND', null); })();
        // A round's stakes all come from one wallet: the one its first debit used, which is the session's.
        if (context.round !== null && context.round.status !== 'open') throw new Refusal('ROUND_CLOSED', which);
        if (context.round !== null && context.round.wallet !== which) throw new Refusal('INVALID_REQUEST', which);
        const answer = walletAnswer('OK', { transactionId: body.transactionId, reference: null, playerId: player.id, playerName: player.username, wallet: which, balance: null });
        const settled = await settle(
          tx,
          { providerId: provider.id, transactionId: body.transactionId, kind: 'debit', roundId: body.roundId, userId: player.id, wallet: which, amountPaise, requestHash: hash, at: now, round: { open: { gameId: gameRow.id } }, response: answer, accountId: playerAccount, deltaPaise: -amountPaise, readableBy: null },
          {
            kind: 'casino_debit',
            idempotencyKey: `casino:${provider.id}:${body.transactionId}`,
            description: steps.description(provider, gameRow),
            details: details(provider, gameRow, body, 'debit'),
            entries: [
              { account: { accountId: playerAccount, owner: { userId: player.id, wallet: which } }, amountPaise: -amountPaise },
              { account: { accountId: house }, amountPaise },
            ],
          },
          // The round changed since the context was read (closed, or opened in another wallet).
          () => new Refusal('ROUND_CLOSED', which),
        );
        return { ...answer, data: { ...answer.data, reference: String(settled.journalId), balance: settled.balancePaise === null ? null : paiseToRupees(settled.balancePaise) } };
      });
    },

    async credit(provider: ProviderRow, body: CasinoWalletCredit): Promise<CasinoWalletResponse> {
      const amountPaise = rupeesToPaise(body.amount) ?? 0;
      const gameRow = await steps.game(provider.id, body.gameCode);
      if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
      if (body.currency !== undefined && body.currency !== 'INR') return walletAnswer('INVALID_REQUEST', { transactionId: body.transactionId });
      const hash = requestHash('credit', [body.playerId, body.roundId, body.gameCode, amountPaise]);
      return run(provider, body.playerId, body.transactionId, 'credit', hash, async (tx, lock) => {
        const now = clock.now();
        const house = await steps.houseAccount(tx, provider);
        const context = await callContext(tx, { providerId: provider.id, transactionId: body.transactionId, userId: body.playerId, roundId: body.roundId, now, lock });
        if (context.earlier !== null) throw new Answered(steps.replay(context.earlier, 'credit', hash));
        const player = context.player ?? (() => { throw new Refusal('PLAYER_NOT_FOUND'); })();
        const round = context.round ?? (() => { throw new Refusal('ROUND_NOT_FOUND', stakeWallet(player)); })();
        if (round.status === 'rolled_back') throw new Refusal('ROUND_CLOSED', round.wallet);
        // One credit settles a round: a second one (another id) could pay the round twice.
        if (round.status === 'credited') throw new Refusal('ROUND_ALREADY_CREDITED', round.wallet);
        const playerAccount = context.accounts[round.wallet] ?? (() => { throw new Refusal('PLAYER_NOT_FOUND', null); })();
        // Wagering is written with the credit, in the same transaction, from the round as locked.
        if (!lock && round.wallet === 'bonus' && deps.onWagering !== undefined) throw new NeedsTransaction();
        const answer = walletAnswer('OK', { transactionId: body.transactionId, reference: null, playerId: player.id, playerName: player.username, wallet: round.wallet, balance: null });
        const posting: Posting | null =
          amountPaise > 0
            ? {
                kind: 'casino_credit',
                idempotencyKey: `casino:${provider.id}:${body.transactionId}`,
                description: steps.description(provider, gameRow),
                details: details(provider, gameRow, body, 'credit'),
                entries: [
                  { account: { accountId: house }, amountPaise: -amountPaise },
                  { account: { accountId: playerAccount, owner: { userId: player.id, wallet: round.wallet } }, amountPaise },
                ],
              }
            : null;
        // The balance only for a provider that still holds a live session of its own.
        const settled = await settle(
          tx,
          { providerId: provider.id, transactionId: body.transactionId, kind: 'credit', roundId: body.roundId, userId: player.id, wallet: round.wallet, amountPaise, requestHash: hash, at: now, round: { settle: round.id }, response: answer, accountId: playerAccount, deltaPaise: amountPaise, readableBy: { providerId: provider.id, userId: player.id, now } },
          posting,
          () => new Refusal('ROUND_ALREADY_CREDITED', round.wallet),
        );
        // A settled bonus-wallet round counts towards the running bonus's wagering (PRODUCT.md §8).
        if (round.wallet === 'bonus' && deps.onWagering !== undefined) {
          await deps.onWagering(tx, [
            {
              source: 'casino',
              reference: `${provider.id}:${round.round_id}`,
              userId: player.id,
              description: steps.description(provider, gameRow),
              product: gameRow.is_slot ? 'slots' : 'liveCasino',
              amountAtRiskPaise: Math.max(0, round.stake_paise - round.rolled_back_paise),
              oddsHundredths: null,
              placedAt: round.created_at,
              state: 'settled',
            },
          ]);
        }
        return { ...answer, data: { ...answer.data, reference: settled.journalId === null ? null : String(settled.journalId), balance: settled.balancePaise === null ? null : paiseToRupees(settled.balancePaise) } };
      });
    },
  };
}
