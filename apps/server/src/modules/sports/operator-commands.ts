import type { Market } from '@khel/contract';
import type { Caller } from '../identity/identity-service.js';
import type { MarketCommand } from './market-router.js';
import type { ResultDeskService } from './result-desk-service.js';
import type { SportsService } from './sports-service.js';

/** A back-office result that needs a second operator says so in its message. */
export const WAITS = 'a second operator must confirm';

/** What every operator command carries: the operator as the receiving process authenticated and authorised them, the market, the address audited. */
interface OnMarket {
  caller: Caller;
  marketId: string;
  ip: string;
}
export type UpdatePayload = OnMarket & { input: Parameters<SportsService['updateMarket']>[2] };
export type RatesPayload = OnMarket & { runners: Parameters<SportsService['setBookmakerRates']>[2] };
export type FancyLinePayload = OnMarket & { line: Parameters<SportsService['setFancyLine']>[2] };
export type DeclarePayload = OnMarket & { result: Parameters<ResultDeskService['declare']>[2] };
export type VoidPayload = OnMarket & { reason: string };

/**
 * The operators' commands on a market (decision 0034, addendum): what their routes run after the
 * receiving process checked role, second factor and separation of duties, run on the market's owner,
 * which writes the audit row (once: only where the command runs) and answers the market as it left it.
 * A re-run after a dead owner applies nothing twice: a status, rate or line change sets the same
 * values again, a result is refused ALREADY_DECIDED (settled, void) or CONFLICT (one already waits),
 * a confirmation finds its declaration decided.
 */
export function createOperatorCommands(deps: { sports: SportsService; desk: ResultDeskService }) {
  const { sports, desk } = deps;
  const marketOf = ({ marketId }: OnMarket) => marketId;
  const answer = async (marketId: string, message: string) => ({ data: await sports.market(marketId), message });

  const update: MarketCommand<UpdatePayload, Market> = {
    marketOf,
    async run({ caller, marketId, input, ip }) {
      await sports.updateMarket(caller, marketId, input, ip);
      return answer(marketId, 'Market updated');
    },
  };
  const rates: MarketCommand<RatesPayload, Market> = {
    marketOf,
    async run({ caller, marketId, runners, ip }) {
      await sports.setBookmakerRates(caller, marketId, runners, ip);
      return answer(marketId, 'Rates updated');
    },
  };
  const fancyLine: MarketCommand<FancyLinePayload, Market> = {
    marketOf,
    async run({ caller, marketId, line, ip }) {
      await sports.setFancyLine(caller, marketId, line, ip);
      return answer(marketId, 'Line updated');
    },
  };
  const declare: MarketCommand<DeclarePayload, Market> = {
    marketOf,
    async run({ caller, marketId, result, ip }) {
      const outcome = await desk.declare(caller, marketId, result, ip);
      return answer(marketId, outcome === 'settled' ? 'Market settled' : `Result declared: ${WAITS}`);
    },
  };
  const voidMarket: MarketCommand<VoidPayload, Market> = {
    marketOf,
    async run({ caller, marketId, reason, ip }) {
      const outcome = await desk.voidMarket(caller, marketId, reason, ip);
      return answer(marketId, outcome === 'voided' ? 'Market void' : `Correction requested: ${WAITS}`);
    },
  };
  const confirm: MarketCommand<OnMarket, Market> = {
    marketOf,
    async run({ caller, marketId, ip }) {
      await desk.confirm(caller, marketId, ip);
      return answer(marketId, 'Result confirmed');
    },
  };

  return { 'market.update': update, 'market.rates': rates, 'market.fancy-line': fancyLine, 'result.declare': declare, 'result.void': voidMarket, 'result.confirm': confirm };
}
