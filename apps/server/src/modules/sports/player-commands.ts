import type { BetRow as BetDto, CashOut, EditBet, PlaceBet } from '@khel/contract';
import { formatPaise, paiseToRupees } from '@khel/money';
import type { Caller } from '../identity/identity-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import { emptyChanges } from './betting/index.js';
import type { CashOutService } from './betting/index.js';
import type { CommandAnswer, MarketCommand } from './routing/index.js';
import type { SportsService } from './sports-service.js';

export interface PlacePayload {
  caller: Caller;
  body: PlaceBet;
  key: string | undefined;
}
export interface EditPayload {
  caller: Caller;
  body: EditBet;
  key: string | undefined;
}
export interface CancelPayload {
  caller: Caller;
  betId: string;
}
export interface CancelAllPayload {
  caller: Caller;
  marketId: string;
}
export interface CashOutPayload {
  caller: Caller;
  body: CashOut;
  key: string | undefined;
}

/**
 * A player's commands on a market (decision 0034): what their routes run, on whichever process owns
 * the market. A place and a cash out are keyed (an Idempotency-Key from their first forward on), so a
 * retry after a dead owner replays the answer stored with the change; a cancel retried after the owner
 * cancelled is refused BET_NOT_CANCELLABLE, and a cancel-all cancels only what is still open.
 */
export function createPlayerCommands(deps: {
  sports: SportsService;
  idempotency: IdempotencyService;
  cashOut: CashOutService;
}) {
  const { sports, idempotency, cashOut } = deps;

  const place: MarketCommand<PlacePayload, BetDto> = {
    marketOf: ({ body }) => body.marketId,
    keyed: true,
    async run({ caller, body, key }): Promise<CommandAnswer<BetDto>> {
      const changes = emptyChanges();
      // The bet joins its market's group commit; its idempotency answer is written in the same transaction.
      const betId = await idempotency.runJoined<string>(
        { userId: caller.userId, key, route: 'bet.place', body },
        (record) => sports.placeBet(caller, body, changes, record),
      );
      const published = await sports.publish(changes);
      const bet = published.get(betId) ?? (await sports.bet(caller, betId));
      const message =
        bet.status === 'pending'
          ? `Bet accepted, waiting ${Math.max(0, Math.round((Date.parse(bet.delayUntil ?? '') - Date.now()) / 1000))} s for the in-play delay`
          : 'Bet placed';
      return { data: bet, message };
    },
  };

  const edit: MarketCommand<EditPayload, BetDto> = {
    async marketOf({ caller, body }) {
      const bet = await sports.repository.bet(body.betId);
      return bet === null || bet.user_id !== caller.userId ? null : bet.market_id;
    },
    keyed: true,
    async run({ caller, body, key }) {
      const changes = emptyChanges();
      // The edit commits in the idempotency record's transaction: a retry answers the same bet, edited once.
      const betId = await idempotency.run({ userId: caller.userId, key, route: 'bet.edit', body }, (tx) =>
        sports.editBet(caller, body, tx, changes),
      );
      const published = await sports.publish(changes);
      return { data: published.get(betId) ?? (await sports.bet(caller, betId)), message: 'Bet edited' };
    },
  };

  const cancel: MarketCommand<CancelPayload, BetDto> = {
    async marketOf({ caller, betId }) {
      const bet = await sports.repository.bet(betId);
      // Not the caller's (or no such bet): answered here, as the owner would.
      return bet === null || bet.user_id !== caller.userId ? null : bet.market_id;
    },
    async run({ caller, betId }) {
      return { data: await sports.cancelBet(caller, betId), message: 'Bet cancelled' };
    },
  };

  const cancelAll: MarketCommand<CancelAllPayload, BetDto[]> = {
    marketOf: ({ marketId }) => marketId,
    async run({ caller, marketId }) {
      const cancelled = new Set(await sports.cancelAllOnMarket(caller, marketId));
      const bets = (await sports.betsOnMarket(caller, marketId)).filter((bet) => cancelled.has(bet._id));
      return {
        data: bets,
        message:
          bets.length === 0
            ? 'No unmatched bets to cancel'
            : `${bets.length} bet${bets.length === 1 ? '' : 's'} cancelled`,
      };
    },
  };

  const cashOutCommand: MarketCommand<CashOutPayload, { marketId: string; value: number; bets: BetDto[] }> = {
    marketOf: ({ body }) => body.marketId,
    keyed: true,
    async run({ caller, body, key }) {
      const changes = emptyChanges();
      // The cash out commits in the idempotency record's transaction (the writer runs it alone there).
      const result = await idempotency.run({ userId: caller.userId, key, route: 'bet.cash-out', body }, (tx) =>
        cashOut.cashOut(caller, body, tx, changes),
      );
      const published = await sports.publish(changes);
      const bets = await Promise.all(
        result.betIds.map(async (id) => published.get(id) ?? (await sports.bet(caller, id))),
      );
      return {
        data: { marketId: body.marketId, value: paiseToRupees(result.valuePaise), bets },
        message: `Cashed out for ${formatPaise(result.valuePaise)}`,
      };
    },
  };

  return {
    'bet.place': place,
    'bet.edit': edit,
    'bet.cancel': cancel,
    'bet.cancel-all': cancelAll,
    'bet.cash-out': cashOutCommand,
  };
}
