/** Query keys of the reports feature, so a refresh can target one report or all of them. */
export const reportKeys = {
  all: ['reports'] as const,
  pnl: (product: 'sports' | 'casino', query: object) => ['reports', 'pnl', product, query] as const,
  payments: (query: object) => ['reports', 'payments', query] as const,
  players: (query: object) => ['reports', 'players', query] as const,
  exposure: ['reports', 'exposure'] as const,
  fancyBook: (marketId: string) => ['reports', 'fancy-book', marketId] as const,
  bets: (query: object) => ['reports', 'bets', query] as const,
  playerBets: (userId: string, kind: 'open' | 'history', query: object) =>
    ['reports', 'player-bets', userId, kind, query] as const,
  signIns: (userId: string, page: number) => ['reports', 'sign-ins', userId, page] as const,
  partyPnl: (parentId: string | null, query: object) => ['reports', 'party-pnl', parentId, query] as const,
  casinoRounds: (userId: string, provider: string, query: object) =>
    ['reports', 'casino-rounds', userId, provider, query] as const,
};

/** India dates, inclusive; empty = the server's default (the last 30 days). */
export interface DateRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}
