import type { Market } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import { fail } from '../../../lib/app-error.js';
import type { BetRow, MarketRow, SportsRepository } from '../sports-repository.js';
import type { SportsViews } from './sports-views.js';

/** An operator's reads of one market: its view, and its book of bets with the house's result per outcome. */
export function createOperatorMarketBook(deps: { repository: SportsRepository; views: SportsViews }) {
  const { repository } = deps;
  const { marketViews, betViews } = deps.views;

  return {
    async market(id: string): Promise<Market> {
      const market = (await repository.market(id)) ?? fail('NOT_FOUND', 'Market not found');
      return (await marketViews([market]))[0] as Market;
    },

    /** An operator's view of a market: every bet with its player, and the house's result per outcome. */
    async marketBook(id: string) {
      const market = (await repository.market(id)) ?? fail('NOT_FOUND', 'Market not found');
      const view = (await marketViews([market]))[0] as Market;
      const rows = await repository.betsOfMarket(id);
      const bets = await betViews(rows);
      const players = new Map<string, { _id: string; name: string; mobile_no: string }>();
      for (const found of await repository.playersOf([...new Set(rows.map((row) => row.user_id))]))
        players.set(found.id, { _id: found.id, name: found.name, mobile_no: found.mobile_no });
      const houseExposure = await houseOutcomes(market, rows);
      return {
        market: view,
        bets: bets.map((bet, index) => ({
          ...bet,
          player: players.get((rows[index] as BetRow).user_id) ?? { _id: '', name: '', mobile_no: '' },
        })),
        houseExposure,
      };
    },
  };

  /** The house's result for each outcome: minus the players' matched results (exchange: the house's own fills). */
  async function houseOutcomes(market: MarketRow, rows: BetRow[]): Promise<{ outcome: string; profitLoss: number }[]> {
    const runners = await repository.runnersOf([market.id]);
    const live = rows.filter(
      (row) =>
        row.closed_by === null && ['matched', 'unmatched', 'settled'].includes(row.status) && row.matched_paise > 0,
    );
    if (market.type === 'FANCY') {
      const lines = [...new Set(live.map((row) => row.line_runs as number))].sort((a, b) => a - b);
      const probes = lines.length === 0 ? [0] : [(lines[0] as number) - 1, ...lines];
      return probes.map((runs) => ({
        outcome: `${runs} runs`,
        profitLoss: paiseToRupees(
          -live.reduce((sum, row) => {
            const yes = row.side === 'back';
            const wins = yes ? runs >= (row.line_runs as number) : runs < (row.line_runs as number);
            const rate = row.rate_h as number;
            const win = yes ? Math.floor((rate * row.stake_paise) / 10_000) : row.stake_paise;
            const lose = yes ? -row.stake_paise : -Math.ceil((rate * row.stake_paise) / 10_000);
            return sum + (wins ? win : lose);
          }, 0),
        ),
      }));
    }
    const fills = market.type === 'EXCHANGE' ? await repository.fillsOfMarket(market.id) : [];
    return runners.map((runner) => {
      let housePaise = 0;
      if (market.type === 'EXCHANGE') {
        for (const fill of fills) {
          const backWins = fill.runner_id === runner.id;
          const winnings = Math.floor(((fill.price_h - 100) * fill.stake_paise) / 100);
          if (fill.back_bet_id === null) housePaise += backWins ? winnings : -fill.stake_paise;
          if (fill.lay_bet_id === null) housePaise += backWins ? -winnings : fill.stake_paise;
        }
      } else {
        for (const row of live) {
          const wins = row.runner_id === runner.id;
          const profit = Math.floor(((row.rate_h as number) * row.stake_paise) / 10_000);
          const player =
            row.side === 'back'
              ? wins
                ? profit
                : -row.stake_paise
              : wins
                ? -Math.ceil(((row.rate_h as number) * row.stake_paise) / 10_000)
                : row.stake_paise;
          housePaise -= player;
        }
      }
      return { outcome: runner.name, profitLoss: paiseToRupees(housePaise) };
    });
  }
}
