import { matchedByRunner } from '@khel/exchange';
import type { Queryable } from '../src/db/database.js';
import { exposureOf, LIVE, positionLines } from '../src/modules/sports/positions/index.js';
import { createSportsRepository } from '../src/modules/sports/sports-repository.js';

/**
 * Every player's exposure row on an open exchange market against a full recomputation from their
 * live bets and fills, per wallet: its `outcomes` (the matched result per runner, which the lanes
 * start their running positions from, decision 0080) and its exposure. Answers the differences;
 * empty means they agree.
 */
export async function positionViolations(db: Queryable, marketId: string): Promise<string[]> {
  const repo = createSportsRepository(db);
  const market = await repo.market(marketId);
  if (market === null || market.type !== 'EXCHANGE' || market.status === 'settled' || market.status === 'voided')
    return [];
  const runners = await repo.runnersOf([marketId]);
  const runnerIds = runners.map((runner) => runner.id);
  const userIds = (
    await db.query<{ user_id: string }>('select distinct user_id from bets where market_id = $1', [marketId])
  ).rows.map((row) => row.user_id);
  const bets = (await repo.liveBetsOfUsersInMarkets(userIds, [marketId])).filter((bet) => LIVE.has(bet.status));
  const fills = await repo.fillsOfBets(bets.filter((bet) => bet.matched_paise > 0).map((bet) => bet.id));
  const rows = await repo.marketPositionsOfUsers(userIds, marketId);
  const problems: string[] = [];
  for (const userId of userIds) {
    for (const wallet of ['main', 'bonus'] as const) {
      const mine = bets.filter((bet) => bet.user_id === userId && bet.wallet === wallet);
      const row = rows.find((candidate) => candidate.user_id === userId && candidate.wallet === wallet);
      const matched = matchedByRunner(runnerIds, positionLines(market, mine, fills).matched);
      const stored = Object.fromEntries(runnerIds.map((runnerId) => [runnerId, row?.outcomes[runnerId] ?? 0]));
      if (JSON.stringify(stored) !== JSON.stringify(matched))
        problems.push(`${userId} ${wallet}: outcomes ${JSON.stringify(stored)}, fills say ${JSON.stringify(matched)}`);
      const exposure = exposureOf(market, runners, mine, fills);
      if ((row?.exposure_paise ?? 0) !== exposure)
        problems.push(`${userId} ${wallet}: exposure ${row?.exposure_paise ?? 0}, bets and fills say ${exposure}`);
    }
  }
  return problems;
}
