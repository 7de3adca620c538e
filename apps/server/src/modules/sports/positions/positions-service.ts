import type { MarketPosition, WsServerMessage } from '@khel/contract';
import {
  bookmakerBetLine,
  exchangeBetLine,
  fancyBook,
  matchedByRunner,
  positionTable,
  positionTableOfMatched,
  unmatchedOfferLine,
} from '@khel/exchange';
import type { FancyBet, RunnerLine, RunnerPosition } from '@khel/exchange';
import { paiseToRupees } from '@khel/money';
import type { Queryable } from '../../../db/database.js';
import type { LiveBus } from '../../live/live-bus.js';
import type { ChangeSet } from './changes.js';
import { remainingPaise } from './exposure.js';
import type { BetRow, FillRow, MarketRow, RunnerRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';
import { readPositions } from './positions-repository.js';

type WalletName = 'main' | 'bonus';

/** A fancy bet row as the engine's FancyBet (YES is stored as a back, NO as a lay). */
export function fancyBetOf(bet: BetRow): FancyBet {
  return {
    side: bet.side === 'back' ? 'yes' : 'no',
    lineRuns: bet.line_runs as number,
    rateHundredths: bet.rate_h as number,
    stakePaise: bet.stake_paise,
  };
}

/** The matched lines and the unmatched (or delayed) lines of one player's bets on one market and wallet. */
export function positionLines(
  market: MarketRow,
  bets: readonly BetRow[],
  fills: readonly FillRow[],
): { matched: RunnerLine[]; unmatched: RunnerLine[] } {
  const matched: RunnerLine[] = [];
  const unmatched: RunnerLine[] = [];
  if (market.type === 'EXCHANGE') {
    const sides = new Map(bets.map((bet) => [bet.id, bet.side]));
    for (const fill of fills) {
      for (const betId of [fill.back_bet_id, fill.lay_bet_id]) {
        const side = betId === null ? undefined : sides.get(betId);
        if (side === undefined) continue;
        matched.push(
          exchangeBetLine({
            runnerId: fill.runner_id,
            side: betId === fill.back_bet_id ? 'back' : 'lay',
            priceHundredths: fill.price_h,
            stakePaise: fill.stake_paise,
          }),
        );
      }
    }
    for (const bet of bets) {
      if (remainingPaise(bet) > 0 && (bet.status === 'unmatched' || bet.status === 'pending')) {
        unmatched.push(
          unmatchedOfferLine({
            runnerId: bet.runner_id as string,
            side: bet.side,
            priceHundredths: bet.price_h as number,
            remainingPaise: remainingPaise(bet),
          }),
        );
      }
    }
  } else if (market.type === 'BOOKMAKER') {
    for (const bet of bets) {
      const line = bookmakerBetLine({
        runnerId: bet.runner_id as string,
        side: bet.side,
        rateHundredths: bet.rate_h as number,
        stakePaise: bet.stake_paise,
      });
      (bet.status === 'matched' ? matched : unmatched).push(line);
    }
  }
  return { matched, unmatched };
}

/** The bets a position on a market and wallet is built from: those not closed by a cash out. */
function shownBets(market: MarketRow, wallet: WalletName, bets: readonly BetRow[]): BetRow[] {
  return bets.filter((bet) => bet.market_id === market.id && bet.wallet === wallet && bet.closed_by === null);
}

/** POS-1..POS-4 for one market: a position per wallet the player has live bets on. */
export function positionsOfMarket(
  market: MarketRow,
  runners: readonly RunnerRow[],
  bets: readonly BetRow[],
  fills: readonly FillRow[],
): MarketPosition[] {
  const runnerIds = runners.filter((runner) => runner.market_id === market.id).map((runner) => runner.id);
  const out: MarketPosition[] = [];
  for (const wallet of ['main', 'bonus'] as WalletName[]) {
    const mine = shownBets(market, wallet, bets);
    if (mine.length === 0) continue;
    if (market.type === 'FANCY') {
      const rows = fancyBook(mine.filter((bet) => bet.status === 'matched').map(fancyBetOf));
      out.push({
        marketId: market.id,
        marketType: market.type,
        wallet,
        runners: [],
        fancyBook: rows.map((row) => ({
          fromRuns: row.fromRuns,
          toRuns: row.toRuns,
          profitLoss: paiseToRupees(row.profitLossPaise),
          worst: row.worst,
        })),
      });
      continue;
    }
    const { matched, unmatched } = positionLines(market, mine, fills);
    out.push(positionView(market, wallet, positionTable(runnerIds, matched, unmatched)));
  }
  return out;
}

function positionView(market: MarketRow, wallet: WalletName, table: RunnerPosition[]): MarketPosition {
  return {
    marketId: market.id,
    marketType: market.type,
    wallet,
    runners: table.map((row) => ({
      selectionId: row.runnerId,
      profitLoss: paiseToRupees(row.matchedPaise),
      ifUnmatchedFill: paiseToRupees(row.ifFilledPaise),
    })),
    fancyBook: [],
  };
}

/**
 * What an exchange market's lane keeps of a player's positions (decision 0027, addendum "positions"),
 * per wallet: how many live bets not closed by a cash out the player has (a position is shown while
 * there is one), and their matched result per runner, to which each later fill's line is added.
 */
export interface ShownPosition {
  live: number;
  matched: Record<string, number>;
}

/** The running positions of one player on one market from that player's live bets and their fills: a house market's lane starts from them (it has no fills), and tests check shownOfHeld against them. */
export function shownOf(
  market: MarketRow,
  runnerIds: readonly string[],
  bets: readonly BetRow[],
  fills: readonly FillRow[],
): Map<WalletName, ShownPosition> {
  const shown = new Map<WalletName, ShownPosition>();
  for (const wallet of ['main', 'bonus'] as WalletName[]) {
    const mine = shownBets(market, wallet, bets);
    shown.set(wallet, {
      live: mine.length,
      matched: matchedByRunner(runnerIds, positionLines(market, mine, fills).matched),
    });
  }
  return shown;
}

/**
 * The running positions of one player on one exchange market, from their rows per wallet (decision
 * 0080): an exposure row's `outcomes` is the matched result per runner of the wallet's live bets,
 * added to fill by fill (the very lines positionLines draws from the fills), so it is the running
 * position itself, and the count of live bets says whether it is shown. A bet closed by a cash out
 * is left out of a shown position but not of the outcomes: a player with a live one (none on an
 * exchange market, whose cash out hedges with ordinary bets) gets no running position (null), and
 * their positions are read.
 */
export function shownOfHeld(
  runnerIds: readonly string[],
  wallets: readonly {
    wallet: WalletName;
    live_bets: number;
    closed_bets: number;
    outcomes: Readonly<Record<string, number>> | null;
  }[],
): Map<WalletName, ShownPosition> | null {
  if (wallets.some((row) => row.closed_bets > 0)) return null;
  const shown = new Map<WalletName, ShownPosition>();
  for (const wallet of ['main', 'bonus'] as WalletName[]) {
    const row = wallets.find((candidate) => candidate.wallet === wallet);
    shown.set(wallet, {
      live: row?.live_bets ?? 0,
      matched: Object.fromEntries(runnerIds.map((runnerId) => [runnerId, row?.outcomes?.[runnerId] ?? 0])),
    });
  }
  return shown;
}

/** positionsOfMarket for an exchange market from the running positions and the open bets a lane holds: the same figures, no read. */
export function heldPositionsOf(
  market: MarketRow,
  runnerIds: readonly string[],
  shown: ReadonlyMap<WalletName, ShownPosition>,
  open: Iterable<BetRow>,
): MarketPosition[] {
  const out: MarketPosition[] = [];
  const offers = [...open];
  for (const wallet of ['main', 'bonus'] as WalletName[]) {
    const running = shown.get(wallet);
    if (running === undefined || running.live === 0) continue;
    const { unmatched } = positionLines(market, shownBets(market, wallet, offers), []);
    out.push(positionView(market, wallet, positionTableOfMatched(runnerIds, running.matched, unmatched)));
  }
  return out;
}

/**
 * Positions for the player app: read with the event, and pushed on the player's own topic after
 * every change that touched them (fills, cancels, lapses, settlement), so the figures under the
 * runners move by themselves. Computed from the bets and fills, the same lines settlement reads.
 */
export function createPositionsService(deps: { db: Queryable; bus: LiveBus }) {
  const repository = createSportsRepository(deps.db);
  /** Players whose pushed positions were served from a lane, and players whose positions were read, since start. */
  const counts = { served: 0, read: 0 };

  async function positionsOf(userId: string, markets: MarketRow[]): Promise<MarketPosition[]> {
    const ids = markets.map((market) => market.id);
    const bets = await repository.liveBetsOfUserInMarkets(userId, ids);
    if (bets.length === 0) return [];
    const runners = await repository.runnersOf(ids);
    const fills = await repository.fillsOfBets(bets.filter((bet) => bet.matched_paise > 0).map((bet) => bet.id));
    return markets.flatMap((market) => positionsOfMarket(market, runners, bets, fills));
  }

  return {
    positionsOf,
    counts: () => ({ ...counts }),

    async eventPositions(userId: string, eventId: string): Promise<MarketPosition[]> {
      return positionsOf(userId, await repository.marketsOfEvents([eventId]));
    },

    /**
     * After a change commits: each touched player's new position on each touched market (empty once
     * settled). Many change sets are published together (a group commit's): one read for all the
     * players on all the live markets, not three per player.
     */
    async publish(
      changes: ChangeSet,
      knownBets?: readonly BetRow[],
      known?: { markets: MarketRow[]; runners: RunnerRow[] },
    ): Promise<void> {
      const marketIds = new Set(changes.marketIds);
      for (const bet of knownBets ?? (await repository.betsByIds([...changes.betIds]))) marketIds.add(bet.market_id);
      if (marketIds.size === 0 || changes.userIds.size === 0) return;
      // Positions a group commit's lane held after the batch go out as they are; only the other players' are read.
      const served = new Set<string>();
      for (const [key, entry] of changes.known?.positions ?? []) {
        const [userId, marketId] = key.split(':') as [string, string];
        served.add(userId);
        deps.bus.publish(`user:${userId}`, {
          type: 'positions',
          marketId,
          positions: entry.positions,
        } satisfies WsServerMessage);
      }
      const userIds = [...changes.userIds].filter((userId) => !served.has(userId));
      counts.served += served.size;
      if (userIds.length === 0) return;
      counts.read += userIds.length;
      // The markets (and runners) the caller read (or its batch held) cover every market here: the changed ones and the bets'.
      const markets = known?.markets ?? (await repository.marketsByIds([...marketIds]));
      // A settled or voided market has no live bet left, so every position on it is empty: no bets are
      // read for it (settling 10,000 bets would otherwise read them all after the commit).
      const liveIds = markets
        .filter((market) => marketIds.has(market.id) && market.status !== 'settled' && market.status !== 'voided')
        .map((market) => market.id);
      // Who has bets where, their live bets and those bets' fills: one statement.
      const { pairs, bets, fills } = await readPositions(deps.db, [...marketIds], userIds, liveIds);
      if (pairs.length === 0) return;
      const runners = bets.length === 0 ? [] : (known?.runners ?? (await repository.runnersOf(liveIds)));
      const owner = new Map(bets.map((bet) => [bet.id, bet.user_id]));
      const betsOf = new Map<string, BetRow[]>();
      const fillsOf = new Map<string, FillRow[]>();
      for (const bet of bets)
        betsOf.set(`${bet.user_id}:${bet.market_id}`, [...(betsOf.get(`${bet.user_id}:${bet.market_id}`) ?? []), bet]);
      for (const fill of fills) {
        for (const userId of new Set(
          [fill.back_bet_id, fill.lay_bet_id].map((id) => (id === null ? undefined : owner.get(id))),
        )) {
          if (userId !== undefined) fillsOf.set(userId, [...(fillsOf.get(userId) ?? []), fill]);
        }
      }
      const byId = new Map(markets.map((market) => [market.id, market]));
      for (const { market_id: marketId, user_id: userId } of pairs) {
        const market = byId.get(marketId);
        if (market === undefined) continue;
        const over = market.status === 'settled' || market.status === 'voided';
        const positions = over
          ? []
          : positionsOfMarket(market, runners, betsOf.get(`${userId}:${marketId}`) ?? [], fillsOf.get(userId) ?? []);
        deps.bus.publish(`user:${userId}`, { type: 'positions', marketId, positions } satisfies WsServerMessage);
      }
    },
  };
}
export type PositionsService = ReturnType<typeof createPositionsService>;
