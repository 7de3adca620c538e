import { useQuery } from '@tanstack/react-query';
import type { BetRow as ContractBetRow } from '@khel/contract';
import type { Sport } from '@khel/contract';
import { ApiError, apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';

/**
 * A bet row of My Bets: the contract's betRowSchema (spec §3 plus matched / unmatched amounts, status,
 * lapse reason, result). Checked leniently by hand so an extra or missing optional field never blanks
 * the list; a row without the essentials is skipped, not shown.
 */
export interface SlugRef {
  slugName: string;
  name?: string;
}
type Essentials = 'selection' | 'odds' | 'stake' | 'createdAt';
export type BetRow = Pick<ContractBetRow, Essentials> &
  Partial<Omit<ContractBetRow, Essentials | 'sportId' | 'leagueId' | 'eventId' | 'selectionType' | 'marketType'>> & {
    _id: string;
    selectionType: string;
    marketType: string;
    sportId: SlugRef;
    leagueId: SlugRef;
    eventId: SlugRef;
  };

function isSlugRef(value: unknown): value is SlugRef {
  return typeof value === 'object' && value !== null && typeof (value as SlugRef).slugName === 'string';
}

export function isBetRow(value: unknown): value is BetRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row._id === 'string' &&
    typeof row.selection === 'string' &&
    typeof row.selectionType === 'string' &&
    typeof row.odds === 'number' &&
    typeof row.stake === 'number' &&
    typeof row.marketType === 'string' &&
    typeof row.createdAt === 'string' &&
    isSlugRef(row.sportId) &&
    isSlugRef(row.leagueId) &&
    isSlugRef(row.eventId)
  );
}

export type BetStatus = 'open' | 'settled';

/** My Bets' filters (issue 31): a sport's slug, a market type, India dates (YYYY-MM-DD, inclusive); '' = any. */
export interface BetFilter {
  sport: string;
  marketType: string;
  startDate: string;
  endDate: string;
}
export const NO_FILTER: BetFilter = { sport: '', marketType: '', startDate: '', endDate: '' };

function filterQuery(filter: BetFilter): Record<string, string> {
  return {
    ...(filter.sport ? { sport: filter.sport } : {}),
    ...(filter.marketType ? { marketType: filter.marketType } : {}),
    ...(filter.startDate ? { start_date: filter.startDate } : {}),
    ...(filter.endDate ? { end_date: filter.endDate } : {}),
  };
}

/**
 * GET /api/v1/my-bets?status=open|settled (PRODUCT.md §3). The server gains this call with the sports
 * exchange; until then a 404 means "no bets to show", not an error worth a toast.
 */
export async function getMyBets(status: BetStatus, filter: BetFilter = NO_FILTER): Promise<BetRow[]> {
  try {
    const envelope = await apiRequest<unknown>('/my-bets', {
      query: { status, ...filterQuery(filter) },
      quietStatuses: [404, 501],
      warningToast: false,
    });
    if (envelope.meta.code !== 200) return [];
    return Array.isArray(envelope.data) ? envelope.data.filter(isBetRow) : [];
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 501)) return [];
    throw error;
  }
}

export function useMyBets(status: BetStatus, enabled: boolean, filter: BetFilter = NO_FILTER) {
  return useQuery({
    queryKey: ['my-bets', status, filter],
    queryFn: () => getMyBets(status, filter),
    enabled,
    retry: shouldRetry,
  });
}

/** The sports to filter by: the same GET /api/v1/sports (and cache) as Home's sport tabs. */
export function useSportChoices() {
  return useQuery({
    queryKey: ['sports'],
    queryFn: async () => unwrap(await apiRequest<Sport[]>('/sports')),
    staleTime: 30_000,
  });
}

export interface BetGroup {
  key: string;
  eventName: string;
  href: string;
  bets: BetRow[];
}

/** Bets grouped by event, newest group first, each with the link to its event page (spec §2). */
export function groupBetsByEvent(bets: readonly BetRow[]): BetGroup[] {
  const groups = new Map<string, BetGroup>();
  for (const bet of bets) {
    const key = `${bet.sportId.slugName}/${bet.leagueId.slugName}/${bet.eventId.slugName}`;
    let group = groups.get(key);
    if (!group) {
      const params = new URLSearchParams({
        sport: bet.sportId.slugName,
        league: bet.leagueId.slugName,
        event: bet.eventId.slugName,
      });
      group = {
        key,
        eventName: bet.event ?? bet.eventId.name ?? bet.eventId.slugName,
        href: `/event?${params.toString()}`,
        bets: [],
      };
      groups.set(key, group);
    }
    group.bets.push(bet);
  }
  const latest = (group: BetGroup) => Math.max(...group.bets.map((bet) => Date.parse(bet.createdAt) || 0));
  return [...groups.values()].sort((a, b) => latest(b) - latest(a));
}
