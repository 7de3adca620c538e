import { matchedByRunner } from '@khel/exchange';
import { LIVE, positionExposure } from './exposure.js';
import { positionLines } from './positions-service.js';
import type { BetRow, FillRow, MarketRow, RunnerRow } from '../sports-repository.js';

type WalletName = 'main' | 'bonus';

/** An exposure row as `market_exposures` holds it: one per player, market and wallet. */
export interface ExposureRow {
  userId: string;
  wallet: WalletName;
  exposurePaise: number;
  /** The matched result per runner (EXCHANGE, BOOKMAKER): what a lane starts a running position from (decision 0080). */
  outcomes: Record<string, number>;
}

/** A row that disagrees with the bets and fills it stands for: what it holds, and what it must hold. */
export interface StaleRow {
  userId: string;
  wallet: WalletName;
  before: { exposurePaise: number; outcomes: Record<string, number> };
  after: { exposurePaise: number; outcomes: Record<string, number> };
}

/**
 * The exposure rows of an exchange market that disagree with its live bets and fills (decision 0081),
 * each with the row it must be. What a row must be is what the live path keeps it at: its `outcomes`
 * the fills' matched lines summed per runner (positionLines, the lines refreshExposures adds fill by
 * fill), its exposure the worst case of those with the player's unmatched offers on top
 * (positionExposure, as refreshExposures computes it). A missing row holds zero; runners a row does
 * not name hold zero, so a row that differs only by naming zeros is not stale.
 */
export function staleExchangeRows(
  market: MarketRow,
  runners: readonly RunnerRow[],
  bets: readonly BetRow[],
  fills: readonly FillRow[],
  rows: readonly ExposureRow[],
): StaleRow[] {
  if (market.type !== 'EXCHANGE') throw new Error(`not an exchange market: ${market.id}`);
  const runnerIds = runners.map((runner) => runner.id);
  const live = bets.filter((bet) => bet.market_id === market.id && LIVE.has(bet.status));
  // By owner, so a market of many players costs its bets and fills once, not once per player.
  const owners = new Map<string, { userId: string; wallet: WalletName; bets: BetRow[]; fills: FillRow[] }>();
  const ownerOf = (userId: string, wallet: WalletName) => {
    const key = `${userId}:${wallet}`;
    let owner = owners.get(key);
    if (owner === undefined) owners.set(key, (owner = { userId, wallet, bets: [], fills: [] }));
    return owner;
  };
  const ownerOfBet = new Map<string, { bets: BetRow[]; fills: FillRow[] }>();
  for (const bet of live) {
    const owner = ownerOf(bet.user_id, bet.wallet);
    owner.bets.push(bet);
    ownerOfBet.set(bet.id, owner);
  }
  for (const fill of fills) {
    const back = fill.back_bet_id === null ? undefined : ownerOfBet.get(fill.back_bet_id);
    const lay = fill.lay_bet_id === null ? undefined : ownerOfBet.get(fill.lay_bet_id);
    back?.fills.push(fill);
    if (lay !== undefined && lay !== back) lay.fills.push(fill);
  }
  const rowOf = new Map(rows.map((row) => [`${row.userId}:${row.wallet}`, row]));
  for (const row of rows) ownerOf(row.userId, row.wallet);
  const stale: StaleRow[] = [];
  for (const { userId, wallet, bets: mine, fills: theirs } of owners.values()) {
    const row = rowOf.get(`${userId}:${wallet}`);
    const lines = positionLines(market, mine, theirs);
    const outcomes = matchedByRunner(runnerIds, lines.matched);
    const exposurePaise = positionExposure(runnerIds, outcomes, lines.unmatched);
    const held = row?.outcomes ?? {};
    const same =
      (row?.exposurePaise ?? 0) === exposurePaise &&
      runnerIds.every((runnerId) => (held[runnerId] ?? 0) === outcomes[runnerId]);
    if (same) continue;
    stale.push({
      userId,
      wallet,
      before: { exposurePaise: row?.exposurePaise ?? 0, outcomes: { ...held } },
      after: { exposurePaise, outcomes },
    });
  }
  return stale;
}
