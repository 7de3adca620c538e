import { z } from 'zod';
import type { BalanceChange } from './balance-change.js';
import type { BetRow, Market, Score } from './sports.js';
import type { MarketPosition } from './trading.js';

/** The message a socket that is not signed in to the back office receives when it asks to follow a market's risk. */
export const RISK_NEEDS_BACKOFFICE_MESSAGE = 'Sign in to the back office to follow the risk view';

/** The message a socket receives when it asks to follow more markets and events than it may. */
export function tooManySubscriptionsMessage(limit: number): string {
  return `You can follow at most ${limit} markets and events at once`;
}

// WebSocket /ws (PRODUCT.md §3): one socket, JSON messages.
export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(200) }),
  z.object({
    type: z.literal('subscribe'),
    marketIds: z.array(z.string().uuid()).max(200).default([]),
    eventIds: z.array(z.string().uuid()).max(50).default([]),
    /** The back office's risk view (decision 0064): a `risk` message when the bets on a market change. */
    riskMarketIds: z.array(z.string().uuid()).max(50).default([]),
  }),
  z.object({
    type: z.literal('unsubscribe'),
    marketIds: z.array(z.string().uuid()).max(200).default([]),
    eventIds: z.array(z.string().uuid()).max(50).default([]),
    riskMarketIds: z.array(z.string().uuid()).max(50).default([]),
  }),
  z.object({ type: z.literal('ping') }),
]);
/** What a client sends (lists left out are empty). */
export type WsClientMessage = z.input<typeof wsClientMessageSchema>;

export type WsServerMessage =
  | { type: 'market'; market: Market }
  | { type: 'score'; eventId: string; score: Score }
  | { type: 'bet'; bet: BetRow }
  | { type: 'positions'; marketId: string; positions: MarketPosition[] }
  /** To a back-office socket following the market's risk: its bets changed; the figures are read over HTTP in the caller's scope. */
  | { type: 'risk'; marketId: string }
  | {
      type: 'balance';
      balance: number;
      exposure: number;
      bonus: number;
      bonusExposure: number;
      changes?: BalanceChange[];
    }
  | { type: 'authenticated'; userId: string }
  | { type: 'error'; message: string }
  | { type: 'pong' };
