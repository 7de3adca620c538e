import { settleBookmakerMarket, settleExchangeMarket, settleFancyMarket } from '@khel/exchange';
import type { ExchangeFill, RunnerResult } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import type { Posting, WalletService } from '../../wallet/wallet-service.js';
import type { WageringListener } from '../../bonus/bonus-rules.js';
import type { BettingService, ChangeSet } from '../betting/index.js';
import { HOUSE_OWNER } from '../betting/index.js';
import type { MarketBooks, MarketContext } from '../writer/index.js';
import type { BetRow, MarketRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';
import { bonusWageringFacts, isSettledPart } from './wagering-facts.js';
import { createSettlementRepository } from './settlement-repository.js';
import { withdrawBets } from './bet-void.js';
import { refreshExposures } from '../positions/index.js';

/** Postings per multi-row statement: a market of 10,000 players settles in a few statements. */
const POSTINGS_PER_STATEMENT = 5_000;

export type DeclaredResult = { winnerId: string } | { runs: number } | { void: string };

/** Runs in the settlement's own transaction, under the market lock, before anything moves (e.g. claiming a declaration). */
export type InsideSettlement = (tx: Queryable) => Promise<void>;

/** A result fits its market: a runner of it as the winner, or a run total for a fancy. */
export function assertResult(
  market: Pick<MarketRow, 'type'>,
  runnersIds: string[],
  result: { winnerId?: string; runs?: number },
): void {
  if (market.type === 'FANCY') {
    if (result.runs === undefined) fail('VALIDATION_FAILED', 'Enter the run total');
  } else if (result.winnerId === undefined || !runnersIds.includes(result.winnerId))
    fail('VALIDATION_FAILED', 'Choose the winner');
}

const ownerOf = (bet: BetRow) => `${bet.user_id}:${bet.wallet}`;

/**
 * Settlement, void and correction (PRODUCT.md §4). Each is one database transaction: unmatched offers
 * lapse, every reserved exposure is released, and each player's net result moves through the market's
 * pool account in its own journal transaction (so statements show one line per market); one more
 * transaction takes the pool to the house and the commission. Void and correction reverse earlier
 * settlements by posting their negation, never by editing.
 */
export function createSettlementService(deps: {
  books: MarketBooks;
  betting: BettingService;
  wallet: WalletService;
  clock: Clock;
  onWagering?: WageringListener;
}) {
  const { books, betting, wallet, clock } = deps;

  async function describe(context: MarketContext): Promise<{ sport: string; event: string; market: string }> {
    const event = await createSportsRepository(context.tx).eventById(context.market.event_id);
    return { sport: event?.sport_name ?? '', event: event?.name ?? '', market: context.market.name };
  }

  /** Closes the book, lapses what is unmatched and releases every exposure on the market. */
  async function closeAndRelease(context: MarketContext, changes: ChangeSet): Promise<BetRow[]> {
    const repo = createSportsRepository(context.tx);
    if (context.book !== null && context.book.status !== 'closed')
      await betting.applyMarketCommand(context, 'close', changes);
    const batch = createSettlementRepository(context.tx);
    await batch.lapsePending(context.market.id);
    const released = await batch.clearExposures(context.market.id);
    await wallet.addExposures(
      context.tx,
      released.map((row) => ({ userId: row.user_id, wallet: row.wallet, deltaPaise: -row.exposure_paise })),
    );
    for (const row of released) changes.userIds.add(row.user_id);
    return repo.betsOfMarket(context.market.id);
  }

  /** Pays out one result: per-bet results, per-player journal lines through the pool, the house line. */
  async function payOut(
    context: MarketContext,
    bets: BetRow[],
    result: { winnerId?: string; runs?: number },
    settlementNumber: number,
    actorId: string | null,
    changes: ChangeSet,
  ): Promise<void> {
    const { market } = context;
    const repo = createSportsRepository(context.tx);
    const names = await describe(context);
    // A position cashed out against the house was settled then, at its value (decision 0022).
    const matched = bets.filter(isSettledPart);
    let players: { ownerId: string; grossPaise: number; commissionPaise: number; netPaise: number }[];
    let perBet: Map<string, number>;
    let housePaise: number;

    if (market.type === 'EXCHANGE') {
      const byId = new Map(bets.map((bet) => [bet.id, bet]));
      const fills: ExchangeFill[] = (await repo.fillsOfMarket(market.id)).map((fill) => ({
        runnerId: fill.runner_id,
        priceHundredths: fill.price_h,
        stakePaise: fill.stake_paise,
        backOfferId: fill.back_bet_id ?? `${HOUSE_OWNER}`,
        layOfferId: fill.lay_bet_id ?? `${HOUSE_OWNER}`,
        backOwnerId: fill.back_bet_id === null ? HOUSE_OWNER : ownerOf(byId.get(fill.back_bet_id) as BetRow),
        layOwnerId: fill.lay_bet_id === null ? HOUSE_OWNER : ownerOf(byId.get(fill.lay_bet_id) as BetRow),
      }));
      const runnerResult: RunnerResult = { type: 'winner', runnerId: result.winnerId as string };
      const settled = settleExchangeMarket(fills, runnerResult, market.commission_bp);
      // The house's own result carries no commission.
      // settleExchangeMarket charges every winner; the house pays none, so its row counts gross.
      housePaise = settled.players.find((row) => row.ownerId === HOUSE_OWNER)?.grossPaise ?? 0;
      players = settled.players.filter((row) => row.ownerId !== HOUSE_OWNER);
      perBet = new Map(
        settled.offers.filter((row) => row.ownerId !== HOUSE_OWNER).map((row) => [row.betId, row.profitLossPaise]),
      );
    } else if (market.type === 'BOOKMAKER') {
      const settled = settleBookmakerMarket(
        matched.map((bet) => ({
          betId: bet.id,
          ownerId: ownerOf(bet),
          runnerId: bet.runner_id as string,
          side: bet.side,
          rateHundredths: bet.rate_h as number,
          stakePaise: bet.stake_paise,
        })),
        { type: 'winner', runnerId: result.winnerId as string },
      );
      players = settled.players;
      housePaise = settled.housePaise;
      perBet = new Map(settled.bets.map((row) => [row.betId, row.profitLossPaise]));
    } else {
      const settled = settleFancyMarket(
        matched.map((bet) => ({
          betId: bet.id,
          ownerId: ownerOf(bet),
          side: bet.side === 'back' ? ('yes' as const) : ('no' as const),
          lineRuns: bet.line_runs as number,
          rateHundredths: bet.rate_h as number,
          stakePaise: bet.stake_paise,
        })),
        { type: 'runs', totalRuns: result.runs as number },
      );
      players = settled.players;
      housePaise = settled.housePaise;
      perBet = new Map(settled.bets.map((row) => [row.betId, row.profitLossPaise]));
    }

    const pool = { house: 'market_pool' as const, ref: market.id };
    const resultText =
      result.winnerId !== undefined
        ? (context.runners.find((runner) => runner.id === result.winnerId)?.name ?? '')
        : `${result.runs} runs`;
    let poolPaise = 0;
    let commissionTotalPaise = 0;
    // One batch: every player's line through the pool and the house's line, in one multi-row posting.
    const postings: Posting[] = [];
    for (const player of players) {
      const [userId, walletName] = player.ownerId.split(':') as [string, 'main' | 'bonus'];
      commissionTotalPaise += player.commissionPaise;
      if (player.netPaise === 0) continue;
      poolPaise += player.netPaise;
      postings.push({
        kind: 'bet_settlement',
        idempotencyKey: `settle:${market.id}:${settlementNumber}:${player.ownerId}`,
        description: `${names.sport} / ${names.event} / ${names.market} — ${resultText}`,
        actorId,
        details: {
          ...names,
          marketId: market.id,
          grossPaise: player.grossPaise,
          commissionPaise: player.commissionPaise,
          result: resultText,
          ...(result.winnerId === undefined ? { runs: result.runs } : {}),
        },
        entries: [
          { account: { userId, wallet: walletName }, amountPaise: player.netPaise },
          { account: pool, amountPaise: -player.netPaise },
        ],
      });
      changes.userIds.add(userId);
    }
    const houseEntries = [
      { account: pool, amountPaise: poolPaise },
      { account: { house: 'house_cash' as const }, amountPaise: -poolPaise - commissionTotalPaise },
      { account: { house: 'commission' as const }, amountPaise: commissionTotalPaise },
    ].filter((entry) => entry.amountPaise !== 0);
    if (houseEntries.length > 0) {
      postings.push({
        kind: 'market_settlement_house',
        idempotencyKey: `settle:${market.id}:${settlementNumber}:${HOUSE_OWNER}`,
        description: `${names.sport} / ${names.event} / ${names.market} — house`,
        actorId,
        details: { ...names, marketId: market.id, housePaise, commissionPaise: commissionTotalPaise },
        entries: houseEntries,
      });
    }
    for (let start = 0; start < postings.length; start += POSTINGS_PER_STATEMENT) {
      await wallet.postMany(context.tx, postings.slice(start, start + POSTINGS_PER_STATEMENT));
    }
    const settledAt = clock.now();
    await createSettlementRepository(context.tx).settleBets(
      matched.map((bet) => ({ betId: bet.id, profitLossPaise: perBet.get(bet.id) ?? 0 })),
      settledAt,
    );
    for (const bet of matched) {
      changes.betIds.add(bet.id);
      changes.userIds.add(bet.user_id);
    }
    await reportWagering(context, bets, 'settled', `${names.sport} / ${names.event} / ${names.market}`);
  }

  /**
   * Bonus-wallet positions count towards the running bonus's wagering once settled, at their worst loss;
   * a void takes them out (PRODUCT.md §8, decision 0045). `bets` is every bet of the market.
   */
  async function reportWagering(
    context: MarketContext,
    bets: readonly BetRow[],
    state: 'settled' | 'voided',
    description: string,
  ): Promise<void> {
    if (deps.onWagering === undefined) return;
    const facts = await bonusWageringFacts(context, bets, state, description);
    if (facts.length > 0) await deps.onWagering(context.tx, facts);
  }

  return {
    async settle(
      marketId: string,
      result: { winnerId?: string; runs?: number },
      actorId: string | null,
      changes: ChangeSet,
      inside?: InsideSettlement,
    ): Promise<void> {
      await books.withMarket(marketId, async (context) => {
        const { market } = context;
        if (market.status === 'settled' || market.status === 'voided')
          fail('ALREADY_DECIDED', 'This market is already settled');
        assertResult(
          market,
          context.runners.map((runner) => runner.id),
          result,
        );
        await inside?.(context.tx);
        const bets = await closeAndRelease(context, changes);
        const number = market.settlement_count + 1;
        await payOut(context, bets, result, number, actorId, changes);
        await createSportsRepository(context.tx).updateMarket(market.id, {
          status: 'settled',
          suspend_reason: null,
          result,
          settlement_count: number,
          settled_at: clock.now(),
          bumpVersion: true,
        });
        changes.marketIds.add(market.id);
      });
    },

    /** Every stake back: an open market's bets are voided; a settled market's payouts are reversed. */
    async void(
      marketId: string,
      reason: string,
      actorId: string | null,
      changes: ChangeSet,
      inside?: InsideSettlement,
    ): Promise<void> {
      await books.withMarket(marketId, async (context) => {
        const { market } = context;
        if (market.status === 'voided') fail('ALREADY_DECIDED', 'This market is already void');
        await inside?.(context.tx);
        const repo = createSportsRepository(context.tx);
        if (market.status === 'settled') {
          await wallet.reverseByKeyPrefix(context.tx, `settle:${market.id}:${market.settlement_count}:`, {
            keyPrefix: 'void:',
            kind: 'bet_void',
            describe: (text) => `Void (${reason}): ${text}`,
            actorId,
            details: { voidReason: reason },
          });
        } else {
          await closeAndRelease(context, changes);
        }
        // A cash out against the house stands: the player took the house's value for the position (decision 0022).
        const all = await repo.betsOfMarket(market.id);
        const voided = all.filter(
          (bet) =>
            bet.closed_by === null && ['matched', 'settled', 'unmatched'].includes(bet.status) && bet.matched_paise > 0,
        );
        await createSettlementRepository(context.tx).voidBets(voided.map((bet) => bet.id));
        for (const bet of voided) {
          changes.betIds.add(bet.id);
          changes.userIds.add(bet.user_id);
        }
        await reportWagering(context, all, 'voided', `${market.name} (void: ${reason})`);
        await repo.updateMarket(market.id, {
          status: 'voided',
          suspend_reason: null,
          result: { void: reason },
          settled_at: clock.now(),
          bumpVersion: true,
        });
        changes.marketIds.add(market.id);
      });
    },

    /**
     * Voids some bets of a market and nothing else (issue 28, decision 0055). On a market not yet
     * settled, each player's exposure is brought to what the bets left still need. On a settled market
     * the last settlement is reversed and the market settled again with the same result without them,
     * so every figure (commission on a player's net, bonus wagering, the house's line) is what it would
     * have been had they never been struck. Answers the bets voided (with counterparts that lost their
     * whole matched part on an exchange).
     */
    async voidBets(
      marketId: string,
      betIds: readonly string[],
      reason: string,
      actorId: string | null,
      changes: ChangeSet,
      inside?: InsideSettlement,
    ): Promise<BetRow[]> {
      return books.withMarket(marketId, async (context) => {
        const { market } = context;
        await inside?.(context.tx);
        const repo = createSportsRepository(context.tx);
        const bets = await Promise.all(
          betIds.map(async (id) => {
            const bet = await repo.bet(id);
            if (bet === null || bet.market_id !== market.id) fail('NOT_FOUND', 'Bet not found');
            return bet;
          }),
        );
        const { userIds, deltas, voided } = await withdrawBets(context, bets, betting, clock, changes);
        const names = await describe(context);
        const title = `${names.sport} / ${names.event} / ${names.market}`;
        if (market.status === 'settled') {
          await wallet.reverseByKeyPrefix(context.tx, `settle:${market.id}:${market.settlement_count}:`, {
            keyPrefix: 'bet-void:',
            kind: 'bet_void',
            describe: (text) => `Bet void (${reason}): reversal of ${text}`,
            actorId,
            details: { voidReason: reason, voidedBets: voided.map((bet) => bet.id) },
          });
          const number = market.settlement_count + 1;
          const all = await repo.betsOfMarket(market.id);
          await payOut(context, all, market.result as { winnerId?: string; runs?: number }, number, actorId, changes);
          // A player with nothing left that counts on the market: its earlier count goes.
          const counted = new Set(all.filter(isSettledPart).map((bet) => `${bet.user_id}:${bet.wallet}`));
          const gone = voided.filter((bet) => !counted.has(`${bet.user_id}:${bet.wallet}`));
          await reportWagering(
            context,
            gone.map((bet) => ({ ...bet, status: 'settled' as const, matched_paise: Math.max(1, bet.matched_paise) })),
            'voided',
            `${title} (void: ${reason})`,
          );
          await repo.updateMarket(market.id, { settlement_count: number, bumpVersion: true });
        } else {
          await refreshExposures(context.tx, wallet, market, context.runners, userIds, deltas);
        }
        changes.marketIds.add(market.id);
        return voided;
      });
    },

    /** Reverses the last settlement exactly and settles again with the right result. */
    async correct(
      marketId: string,
      result: { winnerId?: string; runs?: number },
      actorId: string | null,
      changes: ChangeSet,
      inside?: InsideSettlement,
    ): Promise<void> {
      await books.withMarket(marketId, async (context) => {
        const { market } = context;
        if (market.status !== 'settled') fail('CONFLICT', 'Only a settled market can be corrected');
        assertResult(
          market,
          context.runners.map((runner) => runner.id),
          result,
        );
        await inside?.(context.tx);
        await wallet.reverseByKeyPrefix(context.tx, `settle:${market.id}:${market.settlement_count}:`, {
          keyPrefix: 'correct:',
          kind: 'bet_resettlement',
          describe: (text) => `Corrected: reversal of ${text}`,
          actorId,
        });
        const number = market.settlement_count + 1;
        const bets = await createSportsRepository(context.tx).betsOfMarket(market.id);
        await payOut(context, bets, result, number, actorId, changes);
        await createSportsRepository(context.tx).updateMarket(market.id, {
          result,
          settlement_count: number,
          settled_at: clock.now(),
          bumpVersion: true,
        });
        changes.marketIds.add(market.id);
      });
    },
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
