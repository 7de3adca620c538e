import type { CasinoWalletResponse, CasinoWalletRollback } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Posting } from '../wallet/wallet-service.js';
import type { GameRow, PlayerRow, ProviderRow, TransactionRow } from './casino-repository.js';
import { createCasinoRepository } from './casino-repository.js';
import { Refusal, requestHash, RetryRollback, stakeWallet, walletAnswer } from './casino-wallet-protocol.js';

/** What a rollback needs from the wallet service (its caches and the steps every money call shares). */
export interface RollbackContext {
  db: Database;
  now: () => Date;
  game(providerId: number, code: string): Promise<GameRow | null>;
  knownPlayer(tx: Queryable, userId: string): Promise<PlayerRow>;
  replay(existing: TransactionRow, kind: 'rollback', hash: string): CasinoWalletResponse;
  post(tx: Queryable, posting: Posting, which: 'main' | 'bonus'): Promise<number>;
  description(game: GameRow): string;
  readableBalance(
    tx: Queryable | undefined,
    provider: ProviderRow,
    userId: string,
    which: 'main' | 'bonus',
  ): Promise<number | null>;
  guarded(
    provider: ProviderRow,
    userId: string,
    transactionId: string,
    fn: () => Promise<CasinoWalletResponse>,
  ): Promise<CasinoWalletResponse>;
}

/**
 * Returns a debit (PRODUCT.md §4 "Casino wallet"): once per debit whatever rollback ids arrive, never
 * after its round was credited; a rollback of a debit never seen leaves a tombstone under the debit's
 * id, so the late debit is refused.
 */
export async function rollbackDebit(
  context: RollbackContext,
  provider: ProviderRow,
  body: CasinoWalletRollback,
): Promise<CasinoWalletResponse> {
  const { db, game, knownPlayer, replay, post, description, readableBalance, guarded } = context;
  if (body.transactionId === body.debitTransactionId)
    return walletAnswer('INVALID_REQUEST', { transactionId: body.transactionId });
  const gameRow = await game(provider.id, body.gameCode);
  if (gameRow === null) return walletAnswer('GAME_NOT_FOUND', { transactionId: body.transactionId });
  const hash = requestHash('rollback', [body.playerId, body.roundId, body.gameCode, body.debitTransactionId]);
  const attempt = () =>
    db.transaction(async (tx) => {
      const repo = createCasinoRepository(tx);
      const player = await knownPlayer(tx, body.playerId);
      const now = context.now();
      const rowId = await repo.claimTransaction({
        providerId: provider.id,
        transactionId: body.transactionId,
        kind: 'rollback',
        roundId: body.roundId,
        userId: player.id,
        wallet: null,
        amountPaise: 0,
        debitTransactionId: body.debitTransactionId,
        requestHash: hash,
        at: now,
      });
      if (rowId === null)
        return replay(
          (await repo.findTransaction(provider.id, body.transactionId)) as TransactionRow,
          'rollback',
          hash,
        );
      const debit = await repo.findTransaction(provider.id, body.debitTransactionId);
      let journalId: number | null = null;
      let amountPaise = 0;
      let which: 'main' | 'bonus' = stakeWallet(player);
      if (debit === null) {
        // The debit never arrived (yet): record a tombstone under its id, so when it comes it is refused.
        const tombstone = await repo.claimTransaction({
          providerId: provider.id,
          transactionId: body.debitTransactionId,
          kind: 'rollback_tombstone',
          roundId: body.roundId,
          userId: player.id,
          wallet: null,
          amountPaise: 0,
          debitTransactionId: null,
          requestHash: requestHash('tombstone', [body.playerId, body.roundId]),
          at: now,
        });
        if (tombstone === null) throw new RetryRollback();
        await repo.completeTransaction(tombstone, {
          amountPaise: 0,
          wallet: null,
          journalTransactionId: null,
          response: walletAnswer('TRANSACTION_ROLLED_BACK', { transactionId: body.debitTransactionId }),
        });
      } else if (debit.kind === 'debit') {
        if (debit.user_id !== player.id || debit.round_id !== body.roundId) throw new Refusal('INVALID_REQUEST', which);
        const round =
          (await repo.roundForUpdate(provider.id, debit.round_id, player.id)) ??
          (() => {
            throw new Refusal('ROUND_NOT_FOUND', which);
          })();
        which = round.wallet;
        if (round.status === 'credited') throw new Refusal('ROUND_ALREADY_CREDITED', which);
        // Another rollback id for a debit already returned: nothing more moves.
        if ((await repo.rollbackOf(provider.id, debit.transaction_id)) === null) {
          amountPaise = debit.amount_paise;
          journalId = await post(
            tx,
            {
              kind: 'casino_rollback',
              idempotencyKey: `casino:${provider.id}:${body.transactionId}`,
              description: description(gameRow),
              details: {
                provider: gameRow.provider_name,
                providerCode: provider.code,
                gameCode: gameRow.code,
                roundId: body.roundId,
                kind: 'rollback',
                transactionId: body.transactionId,
                debitTransactionId: debit.transaction_id,
              },
              entries: [
                { account: { house: 'casino_house', ref: provider.code }, amountPaise: -amountPaise },
                { account: { userId: player.id, wallet: round.wallet }, amountPaise },
              ],
            },
            round.wallet,
          );
          const fullyReturned = round.rolled_back_paise + amountPaise >= round.stake_paise;
          await repo.updateRound(round.id, {
            rolledBackPaise: amountPaise,
            ...(fullyReturned ? { status: 'rolled_back' as const, settledAt: now } : {}),
          });
        }
      } else if (debit.kind !== 'rollback_tombstone') {
        throw new Refusal('INVALID_REQUEST', which);
      }
      const answer = walletAnswer('OK', {
        transactionId: body.transactionId,
        reference: journalId === null ? null : String(journalId),
        playerId: player.id,
        playerName: player.username,
        wallet: which,
        balance: await readableBalance(tx, provider, player.id, which),
      });
      await repo.completeTransaction(rowId, {
        amountPaise,
        wallet: which,
        journalTransactionId: journalId,
        response: answer,
      });
      return answer;
    });
  return guarded(provider, body.playerId, body.transactionId, async () => {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof RetryRollback) return attempt();
      throw error;
    }
  });
}
