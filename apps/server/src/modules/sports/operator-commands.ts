import type { BetVoid, Market } from '@khel/contract';
import type { Caller } from '../identity/identity-service.js';
import type { MarketCommand } from './routing/index.js';
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
export type VoidBetsPayload = OnMarket & { betIds: string[]; reason: string };

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

  /** A command that runs its service call, then answers the market as it left it with the message for the call's outcome. */
  function command<Payload extends OnMarket, Outcome>(
    call: (payload: Payload) => Promise<Outcome>,
    message: (outcome: Outcome) => string,
  ): MarketCommand<Payload, Market> {
    return {
      marketOf: ({ marketId }) => marketId,
      async run(payload) {
        const outcome = await call(payload);
        return { data: await sports.market(payload.marketId), message: message(outcome) };
      },
    };
  }

  return {
    'market.update': command<UpdatePayload, void>(
      ({ caller, marketId, input, ip }) => sports.updateMarket(caller, marketId, input, ip),
      () => 'Market updated',
    ),
    'market.rates': command<RatesPayload, void>(
      ({ caller, marketId, runners, ip }) => sports.setBookmakerRates(caller, marketId, runners, ip),
      () => 'Rates updated',
    ),
    'market.fancy-line': command<FancyLinePayload, void>(
      ({ caller, marketId, line, ip }) => sports.setFancyLine(caller, marketId, line, ip),
      () => 'Line updated',
    ),
    'result.declare': command<DeclarePayload, 'settled' | 'declared'>(
      ({ caller, marketId, result, ip }) => desk.declare(caller, marketId, result, ip),
      (outcome) => (outcome === 'settled' ? 'Market settled' : `Result declared: ${WAITS}`),
    ),
    'result.void': command<VoidPayload, 'voided' | 'requested' | 'declared'>(
      ({ caller, marketId, reason, ip }) => desk.voidMarket(caller, marketId, reason, ip),
      (outcome) =>
        outcome === 'voided'
          ? 'Market void'
          : outcome === 'declared'
            ? `Void declared: ${WAITS}`
            : `Correction requested: ${WAITS}`,
    ),
    /** Some bets of the market void (decision 0055): the answer names them and whether a second operator must confirm. */
    'bets.void': {
      marketOf: ({ marketId }) => marketId,
      async run({ caller, marketId, betIds, reason, ip }) {
        const status = await desk.voidBets(caller, marketId, betIds, reason, ip);
        const what = betIds.length === 1 ? 'Bet' : 'Bets';
        return {
          data: { marketId, betIds, status },
          message: status === 'voided' ? `${what} void` : `Void declared: ${WAITS}`,
        };
      },
    } satisfies MarketCommand<VoidBetsPayload, BetVoid>,
    'result.confirm': command<OnMarket, void>(
      ({ caller, marketId, ip }) => desk.confirm(caller, marketId, ip),
      () => 'Result confirmed',
    ),
  };
}
