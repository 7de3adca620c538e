/**
 * Settlement maths: given the matched bets of a market and its result, what each bet and each player
 * wins or loses, in whole paise. Exchange markets are player against player and zero-sum before
 * commission; bookmaker and fancy markets are player against house, and the house takes the other side.
 */
import {
  bookmakerBetLine,
  exchangeBetLine,
  fancyBetProfitLossPaise,
  negatePaise,
  type BookmakerBet,
  type FancyBet,
  type RunnerLine,
} from './outcomes.js';

/** 2 % (PRODUCT.md §4), in basis points (hundredths of a percent). */
export const DEFAULT_COMMISSION_BASIS_POINTS = 200;

export type RunnerResult = { type: 'winner'; runnerId: string } | { type: 'void' };
export type FancyResult = { type: 'runs'; totalRuns: number } | { type: 'void' };

export interface BetOutcome {
  betId: string;
  ownerId: string;
  profitLossPaise: number;
}

export interface PlayerOutcome {
  ownerId: string;
  /** Sum of the player's bets in this market, before commission. */
  grossPaise: number;
  commissionPaise: number;
  /** gross − commission: what moves to or from the player's wallet. */
  netPaise: number;
}

/** A matched exchange fill, as the engine's filled event reports it. */
export interface ExchangeFill {
  runnerId: string;
  priceHundredths: number;
  stakePaise: number;
  backOfferId: string;
  layOfferId: string;
  backOwnerId: string;
  layOwnerId: string;
}

export interface ExchangeSettlement {
  /** One row per offer that had at least one fill, sorted by offer id. */
  offers: BetOutcome[];
  /** Sorted by owner id. */
  players: PlayerOutcome[];
  commissionPaise: number;
}

export interface HouseSettlement {
  bets: BetOutcome[];
  players: PlayerOutcome[];
  /** The house's result: minus the players' sum (SET-6). */
  housePaise: number;
}

/** Ordinal string order, not locale order: the result must not depend on the machine's locale. */
function byKey<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function lineResult(line: RunnerLine, result: RunnerResult): number {
  if (result.type === 'void') return 0;
  return line.runnerId === result.runnerId ? line.ifWinsPaise : line.ifLosesPaise;
}

function addTo(map: Map<string, number>, key: string, paise: number): void {
  map.set(key, (map.get(key) ?? 0) + paise);
}

/**
 * SET-4: commission on a player's net winnings in one exchange market, rounded down to the paisa
 * (a fraction of a paisa is never charged). Nothing on a net loss.
 */
export function commissionPaise(netWinningsPaise: number, commissionBasisPoints: number): number {
  if (netWinningsPaise <= 0) return 0;
  return Math.floor((netWinningsPaise * commissionBasisPoints) / 10_000);
}

/** SET-1..SET-5: settle an exchange market from its fills. */
export function settleExchangeMarket(
  fills: readonly ExchangeFill[],
  result: RunnerResult,
  commissionBasisPoints: number = DEFAULT_COMMISSION_BASIS_POINTS,
): ExchangeSettlement {
  if (!Number.isInteger(commissionBasisPoints) || commissionBasisPoints < 0 || commissionBasisPoints > 10_000) {
    throw new Error(`commission must be 0..10000 basis points, got ${commissionBasisPoints}`);
  }
  const byOffer = new Map<string, { ownerId: string; paise: number }>();
  const byOwner = new Map<string, number>();
  const credit = (offerId: string, ownerId: string, paise: number): void => {
    const row = byOffer.get(offerId);
    if (row === undefined) byOffer.set(offerId, { ownerId, paise });
    else row.paise += paise;
    addTo(byOwner, ownerId, paise);
  };
  for (const fill of fills) {
    const back = exchangeBetLine({
      runnerId: fill.runnerId,
      side: 'back',
      priceHundredths: fill.priceHundredths,
      stakePaise: fill.stakePaise,
    });
    const backPaise = lineResult(back, result);
    credit(fill.backOfferId, fill.backOwnerId, backPaise);
    // The layer's result is the backer's, negated: that is what makes the market zero-sum (SET-2).
    credit(fill.layOfferId, fill.layOwnerId, negatePaise(backPaise));
  }
  const offers = [...byOffer].map(([betId, row]) => ({ betId, ownerId: row.ownerId, profitLossPaise: row.paise }));
  offers.sort(byKey((row) => row.betId));
  let totalCommissionPaise = 0;
  const players = [...byOwner].map(([ownerId, grossPaise]) => {
    const commission = commissionPaise(grossPaise, commissionBasisPoints);
    totalCommissionPaise += commission;
    return { ownerId, grossPaise, commissionPaise: commission, netPaise: grossPaise - commission };
  });
  players.sort(byKey((row) => row.ownerId));
  return { offers, players, commissionPaise: totalCommissionPaise };
}

function houseSettlement(rows: readonly BetOutcome[]): HouseSettlement {
  const byOwner = new Map<string, number>();
  let playersPaise = 0;
  for (const row of rows) {
    addTo(byOwner, row.ownerId, row.profitLossPaise);
    playersPaise += row.profitLossPaise;
  }
  const players = [...byOwner].map(([ownerId, grossPaise]) => ({
    ownerId,
    grossPaise,
    commissionPaise: 0,
    netPaise: grossPaise,
  }));
  players.sort(byKey((row) => row.ownerId));
  return { bets: [...rows].sort(byKey((row) => row.betId)), players, housePaise: negatePaise(playersPaise) };
}

export interface OwnedBookmakerBet extends BookmakerBet {
  betId: string;
  ownerId: string;
}

/** SET-6: bookmaker markets, no commission, house takes the other side. */
export function settleBookmakerMarket(bets: readonly OwnedBookmakerBet[], result: RunnerResult): HouseSettlement {
  return houseSettlement(
    bets.map((bet) => ({
      betId: bet.betId,
      ownerId: bet.ownerId,
      profitLossPaise: lineResult(bookmakerBetLine(bet), result),
    })),
  );
}

export interface OwnedFancyBet extends FancyBet {
  betId: string;
  ownerId: string;
}

/** SET-7: fancy markets settle on the run total; no commission, house takes the other side. */
export function settleFancyMarket(bets: readonly OwnedFancyBet[], result: FancyResult): HouseSettlement {
  return houseSettlement(
    bets.map((bet) => ({
      betId: bet.betId,
      ownerId: bet.ownerId,
      profitLossPaise: result.type === 'void' ? 0 : fancyBetProfitLossPaise(bet, result.totalRuns),
    })),
  );
}
