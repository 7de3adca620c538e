import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { CashOutService } from './betting/index.js';
import { createFeedMarketCommands } from './feed/index.js';
import type { ForwardAnswer, ForwardKind, MarketForwarding } from './routing/index.js';
import type { MarketLeases } from './routing/index.js';
import type { CommandTable } from './routing/index.js';
import { createMarketRouter } from './routing/index.js';
import { createOperatorCommands } from './operator-commands.js';
import { createPlayerCommands } from './player-commands.js';
import type { ResultDeskService } from './result-desk-service.js';
import type { SportsService } from './sports-service.js';

/**
 * Every command that changes a market, by kind (players', operators', the demo feed's), behind the one
 * router that runs each where its market is written (decision 0034 and its addendum). The in-play
 * delay's resolution is not a kind: only a process that may write the market decides its bets
 * (delayed-bets.ts).
 */
export function createMarketCommands(deps: {
  sports: SportsService;
  idempotency: IdempotencyService;
  cashOut: CashOutService;
  desk: ResultDeskService;
  leases: MarketLeases | null;
  connect: ((handle: (kind: ForwardKind, payload: unknown) => Promise<ForwardAnswer>) => MarketForwarding) | null;
  forwardTimeoutMs: number;
}) {
  const commands = {
    ...createPlayerCommands(deps),
    ...createOperatorCommands(deps),
    ...createFeedMarketCommands(deps),
  } satisfies CommandTable;
  return createMarketRouter({
    commands,
    leases: deps.leases,
    connect: deps.connect,
    forwardTimeoutMs: deps.forwardTimeoutMs,
  });
}
export type MarketRouter = ReturnType<typeof createMarketCommands>;
