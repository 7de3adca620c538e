import { useQueryClient } from '@tanstack/react-query';

/** Every sports query lives under ['sports'], so one invalidation refreshes the tree, the lists, the event and the book. */
export const sportsQueryKeys = {
  all: ['sports'] as const,
  tree: ['sports', 'tree'] as const,
  events: (filters: { sport?: string; league?: string; inPlay?: boolean }) => ['sports', 'events', filters] as const,
  event: (slugs: { sport: string; league: string; event: string }) => ['sports', 'event', slugs] as const,
  book: (marketId: string) => ['sports', 'book', marketId] as const,
};

/**
 * After any sports change: the sports data, the audit views (every action is audited) and, when money
 * moved (settle, void, correct), the player wallets shown on user pages. Called whether the call
 * succeeded or not, so a refusal shows the fresh state.
 */
export function useRefreshSports() {
  const queryClient = useQueryClient();
  return (options: { money?: boolean } = {}) => {
    void queryClient.invalidateQueries({ queryKey: sportsQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    if (options.money === true) void queryClient.invalidateQueries({ queryKey: ['player-wallet'] });
  };
}
