import type { Clock } from '../../../lib/clock.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import { createBetEdit } from './bet-edit.js';
import { createBetLifecycle } from './bet-lifecycle.js';
import { createBetPlacement } from './bet-placement.js';
import { createBookCommands } from './book-commands.js';
import { createEngineEvents } from './engine-events.js';
import type { MarketBooks } from '../writer/index.js';

export { HOUSE_OWNER } from './engine-events.js';
export { emptyChanges } from '../positions/index.js';
export type { ChangeSet } from '../positions/index.js';
export type { Recorder } from './bet-placement.js';
export { bookmakerQuoteOf, fancyQuoteOf } from './quote-checks.js';

/**
 * Placing, editing, cancelling and delaying bets; house liquidity; market state changes that touch the book.
 * Each is one command on its market's writer (MarketBooks.withMarket, decision 0027), so a market's
 * bets, fills, engine commands and every affected player's exposure commit together, many commands
 * to a transaction. Split by responsibility: placement, a bet's later life, whole-book commands, and
 * the engine's events written as rows.
 */
export function createBettingService(deps: {
  books: MarketBooks;
  wallet: WalletService;
  clock: Clock;
  onDelayed: (betId: string, marketId: string, delayMs: number) => void;
}) {
  const engine = createEngineEvents(deps.clock);
  return {
    recordEngineEvents: engine.recordEngineEvents,
    placeOnExchange: engine.placeOnExchange,
    nextSeq: engine.nextSeq,
    ...createBetPlacement({ ...deps, engine }),
    ...createBetLifecycle({ ...deps, engine }),
    ...createBetEdit({ ...deps, engine }),
    ...createBookCommands({ ...deps, engine }),
  };
}
export type BettingService = ReturnType<typeof createBettingService>;
