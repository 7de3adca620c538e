import { z } from 'zod';
import type { BalanceChange } from './balance-change.js';
import type { BetRow, Market, Score } from './sports.js';
import type { MarketPosition } from './trading.js';

/**
 * How the server closes a WebSocket (/ws) on purpose: a code the client can act on and a reason a
 * person can read. 4401/4403 mirror HTTP 401 and meta.code 401 (spec §4: /login versus /).
 */
export const WS_CLOSE = {
  /** The session was logged out, its password changed or reset, or it expired: log in again. */
  SESSION_REVOKED: { code: 4401, reason: 'Please log in again' },
  /** The account was closed to the session (suspended, self-excluded); the reason says which. */
  SESSION_ENDED: { code: 4403, reason: 'Your session has ended, please log in again' },
  /** The account already holds as many open connections as it may. */
  TOO_MANY_FOR_ACCOUNT: { code: 4429, reason: 'Too many open connections for this account, close another tab or app' },
  /** The client address already holds as many open connections as it may. */
  TOO_MANY_FOR_ADDRESS: { code: 4429, reason: 'Too many open connections from this network, please try again later' },
  /** This process is stopping (RFC 6455 1012, service restart): reconnect at once, another process answers. */
  RESTARTING: { code: 1012, reason: 'Server restarting, reconnect' },
} as const;

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
  }),
  z.object({
    type: z.literal('unsubscribe'),
    marketIds: z.array(z.string().uuid()).max(200).default([]),
    eventIds: z.array(z.string().uuid()).max(50).default([]),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export type WsServerMessage =
  | { type: 'market'; market: Market }
  | { type: 'score'; eventId: string; score: Score }
  | { type: 'bet'; bet: BetRow }
  | { type: 'positions'; marketId: string; positions: MarketPosition[] }
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
