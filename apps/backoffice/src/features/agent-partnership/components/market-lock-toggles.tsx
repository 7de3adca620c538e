import type { ReactNode } from 'react';
import type { MarketLock, MarketTypeRule } from '@khel/contract';
import { getMarketTypeRules, useMarketLocks, useSetMarketTypeRules } from '../api/market-type-rules';
import { MARKET_TYPE_LABELS } from './market-type-rules-panel';

const TYPES: readonly MarketTypeRule['marketType'][] = ['EXCHANGE', 'BOOKMAKER', 'FANCY'];
const SHORT: Record<MarketTypeRule['marketType'], string> = { EXCHANGE: 'MO', BOOKMAKER: 'BM', FANCY: 'F' };

/**
 * The client list's lock toggles (decision 0064): match odds, bookmaker and fancy for one account. A
 * lock the caller set here toggles off; one held above shows locked and cannot be lifted from here.
 */
export function MarketLockToggles({ userId, name, locks }: { userId: string; name: string; locks: MarketLock[] }) {
  const save = useSetMarketTypeRules(userId);
  async function toggle(marketType: MarketTypeRule['marketType'], locked: boolean) {
    // The caller's other lines on the account stay as they are: read them, change the one lock.
    const current = await getMarketTypeRules(userId);
    save.mutate({
      rules: current.rules.map((rule) => (rule.marketType === marketType ? { ...rule, locked } : rule)),
    });
  }
  return (
    <div className="market-lock-toggles" role="group" aria-label={`Market locks of ${name}`}>
      {TYPES.map((marketType) => {
        const lock = locks.find((candidate) => candidate.marketType === marketType);
        const label = MARKET_TYPE_LABELS[marketType];
        return (
          <button
            key={marketType}
            type="button"
            className={lock === undefined ? 'lock-toggle' : 'lock-toggle lock-toggle-on'}
            aria-pressed={lock !== undefined}
            disabled={lock?.lockedBy === 'above' || save.isPending}
            title={lock?.lockedBy === 'above' ? `${label} locked above` : `${label} ${lock ? 'locked' : 'open'}`}
            aria-label={lock?.lockedBy === 'above' ? `${label} locked above for ${name}` : `Lock ${label} for ${name}`}
            onClick={() => void toggle(marketType, lock === undefined)}
          >
            {SHORT[marketType]}
          </button>
        );
      })}
    </div>
  );
}

type ListedUser = { _id: string; name?: string; username?: string };

/**
 * One row's toggles, with the locks binding that account. Every row of the page asks for the same
 * query, the locks of all the page's accounts, so the page makes one request, not one per row.
 */
function LockCell({ user, page }: { user: ListedUser; page: readonly ListedUser[] }) {
  const locks = useMarketLocks(page.map((row) => row._id));
  if (locks.isError) return <span className="muted">—</span>;
  const own = (locks.data ?? []).filter((lock) => lock.userId === user._id);
  return <MarketLockToggles userId={user._id} name={user.name || user.username || ''} locks={own} />;
}

/** The downline list's lock column (structurally the downline feature's column type; the router hands it over). */
export const LOCK_COLUMNS: readonly {
  key: string;
  header: string;
  cell: (user: ListedUser, page: readonly ListedUser[]) => ReactNode;
}[] = [{ key: 'locks', header: 'Locks', cell: (user, page) => <LockCell user={user} page={page} /> }];
