import type { CasinoWalletResponse } from '@khel/contract';
import type { Posting } from '../wallet/wallet-service.js';
import type { GameRow, ProviderRow } from './casino-repository.js';
import { walletAnswer } from './casino-wallet-protocol.js';
import type { SettleInput } from './casino-wallet-settle.js';

/**
 * What a debit or a credit writes, once the wallet, the account and the player are known (by the
 * context read, or by the hints of the one-round-trip path): the settle statement's input, the
 * journal posting (none for a credit of 0) and the answer it stores. One builder for both paths, so
 * they cannot differ in what they write.
 */
export interface CallWrite {
  input: SettleInput;
  posting: Posting | null;
  answer: CasinoWalletResponse;
}

export interface CallParty {
  provider: ProviderRow;
  game: GameRow;
  /** "Slots / <provider> / d/m/yyyy" (steps.description). */
  description: string;
  house: number;
  userId: string;
  username: string;
  wallet: 'main' | 'bonus';
  accountId: number;
  now: Date;
  hash: string;
}

function details(party: CallParty, body: { roundId: string; transactionId: string }, kind: 'debit' | 'credit') {
  return {
    provider: party.game.provider_name,
    providerCode: party.provider.code,
    gameCode: party.game.code,
    roundId: body.roundId,
    kind,
    transactionId: body.transactionId,
  };
}

function base(
  party: CallParty,
  body: { roundId: string; transactionId: string },
  kind: 'debit' | 'credit',
  amountPaise: number,
) {
  const answer = walletAnswer('OK', {
    transactionId: body.transactionId,
    reference: null,
    playerId: party.userId,
    playerName: party.username,
    wallet: party.wallet,
    balance: null,
  });
  const input = {
    providerId: party.provider.id,
    transactionId: body.transactionId,
    kind,
    roundId: body.roundId,
    userId: party.userId,
    wallet: party.wallet,
    amountPaise,
    requestHash: party.hash,
    at: party.now,
    response: answer,
    accountId: party.accountId,
    houseAccountId: party.house,
  };
  return { answer, input };
}

/** A debit: opens the round (or adds to it) and moves the stake from the player's wallet to the provider's house account. */
export function debitWrite(
  party: CallParty,
  body: { roundId: string; transactionId: string },
  amountPaise: number,
): CallWrite {
  const { answer, input } = base(party, body, 'debit', amountPaise);
  return {
    answer,
    input: { ...input, round: { open: { gameId: party.game.id } }, deltaPaise: -amountPaise, readableBy: null },
    // A stake of 0 (an aggregator's free bet: nothing is taken) opens the round and posts nothing.
    posting: amountPaise > 0 ? debitPosting(party, body, amountPaise) : null,
  };
}

function debitPosting(
  party: CallParty,
  body: { roundId: string; transactionId: string },
  amountPaise: number,
): Posting {
  return {
    kind: 'casino_debit',
    idempotencyKey: `casino:${party.provider.id}:${body.transactionId}`,
    description: party.description,
    details: details(party, body, 'debit'),
    entries: [
      {
        account: { accountId: party.accountId, owner: { userId: party.userId, wallet: party.wallet } },
        amountPaise: -amountPaise,
      },
      { account: { accountId: party.house }, amountPaise },
    ],
  };
}

/** A credit: settles the round `roundRowId` and pays the winnings (if any) into the wallet its stake came from. */
export function creditWrite(
  party: CallParty,
  body: { roundId: string; transactionId: string },
  amountPaise: number,
  roundRowId: number,
): CallWrite {
  const { answer, input } = base(party, body, 'credit', amountPaise);
  return {
    answer,
    // The balance only for a provider that still holds a live session of its own (an aggregator always reads it).
    input: {
      ...input,
      round: { settle: roundRowId },
      deltaPaise: amountPaise,
      readableBy:
        party.provider.kind === 'aggregator'
          ? null
          : { providerId: party.provider.id, userId: party.userId, now: party.now },
    },
    posting:
      amountPaise > 0
        ? {
            kind: 'casino_credit',
            idempotencyKey: `casino:${party.provider.id}:${body.transactionId}`,
            description: party.description,
            details: details(party, body, 'credit'),
            entries: [
              { account: { accountId: party.house }, amountPaise: -amountPaise },
              {
                account: { accountId: party.accountId, owner: { userId: party.userId, wallet: party.wallet } },
                amountPaise,
              },
            ],
          }
        : null,
  };
}
