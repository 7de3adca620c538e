import { z } from 'zod';

/** POST /api/v1/cancel-market-bets: cancel every unmatched offer the player has on one market (issue 13). */
export const cancelMarketBetsSchema = z.object({
  marketId: z.string({ error: 'Choose a market' }).uuid('Choose a market'),
});
export type CancelMarketBets = z.infer<typeof cancelMarketBetsSchema>;
