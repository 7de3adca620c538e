import type { SportsService } from './sports-service.js';

/**
 * The in-play delay's end (decision 0034, addendum: the timers' rule). A pending bet is decided only
 * by a process that may write its market: the lease owner, or one that can take the free or expired
 * lease (without Redis, the one process). Its timer is set where the bet was placed, on the owner
 * then; the sweep catches what a restart or a lease's move left, each process only on markets it
 * may write. So no two processes sweep one market and none rebuilds another's book; nothing is
 * forwarded, because the owner's own sweep decides its bets.
 */
export function createDelayedBets(deps: { sports: SportsService; mayWrite: (marketId: string) => Promise<boolean> }) {
  const { sports, mayWrite } = deps;
  const timers = new Set<NodeJS.Timeout>();
  let sweeper: NodeJS.Timeout | null = null;

  /** Every bet whose delay has ended on the markets this process may write; answers how many it decided. */
  const sweep = () => sports.resolveDueBets(mayWrite);

  return {
    sweep,

    /** Decides one bet when its delay ends, if this process may still write its market then. */
    schedule(betId: string, marketId: string, delayMs: number): void {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void mayWrite(marketId)
          .then((mine) => (mine ? sports.resolvePending(betId, marketId) : undefined))
          .catch(() => undefined);
      }, delayMs + 20);
      timer.unref();
      timers.add(timer);
    },

    start(everyMs: number): void {
      if (sweeper !== null) return;
      sweeper = setInterval(() => void sweep().catch(() => undefined), everyMs);
      sweeper.unref();
    },

    stop(): void {
      if (sweeper !== null) clearInterval(sweeper);
      sweeper = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type DelayedBets = ReturnType<typeof createDelayedBets>;
