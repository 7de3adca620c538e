import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type {
  AgentRates,
  AgentRatesUpdate,
  AgentStatement,
  BetLimits,
  BetLimitsUpdate,
  BlockableEvent,
  Sport,
} from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export const agentPartnershipKeys = {
  rates: (userId: string) => ['agent-partnership', 'rates', userId] as const,
  statements: (week: string) => ['agent-partnership', 'statements', week] as const,
  limits: (ownerId: string | null) => ['agent-partnership', 'limits', ownerId ?? 'downline'] as const,
};

const userPath = (userId: string) => `/backoffice/users/${encodeURIComponent(userId)}`;
const limitsPath = (ownerId: string | null) =>
  ownerId === null ? '/backoffice/downline/bet-limits' : `${userPath(ownerId)}/bet-limits`;

/** An agent's rates: the query its panel and the client list's Partnership % (cell and CSV) read. */
export function agentRatesQuery(userId: string) {
  return {
    queryKey: agentPartnershipKeys.rates(userId),
    queryFn: async () => (await apiRequest<AgentRates>(`${userPath(userId)}/partnership`)).data,
  };
}

export function useAgentRates(userId: string) {
  return useQuery(agentRatesQuery(userId));
}

export function useSetAgentRates(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AgentRatesUpdate) =>
      apiRequest<AgentRates>(`${userPath(userId)}/partnership`, { method: 'PUT', body }),
    meta: { quiet: true },
    onSuccess: async (result) => {
      await writeAnswer(client, agentPartnershipKeys.rates(userId), result.data);
      void client.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(result.message);
    },
  });
}

export interface StatementWeek {
  weekStart: string;
  weekEnd: string;
  items: AgentStatement[];
}

export function useAgentStatements(week: string) {
  return useQuery({
    queryKey: agentPartnershipKeys.statements(week),
    queryFn: async ({ signal }) =>
      (await apiRequest<StatementWeek>('/backoffice/agent-statements', { query: { week }, signal })).data,
  });
}

export function useSettleStatement(week: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { agentId: string; weekStart: string }) =>
      apiRequest<AgentStatement>(`${userPath(input.agentId)}/agent-statement/settle`, {
        method: 'POST',
        body: { weekStart: input.weekStart },
      }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: agentPartnershipKeys.statements(week) });
      void client.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(result.message);
    },
  });
}

export function useBetLimits(ownerId: string | null) {
  return useQuery({
    queryKey: agentPartnershipKeys.limits(ownerId),
    queryFn: async () => (await apiRequest<BetLimits>(limitsPath(ownerId))).data,
  });
}

export function useSetBetLimits(ownerId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BetLimitsUpdate) => apiRequest<BetLimits>(limitsPath(ownerId), { method: 'PUT', body }),
    meta: { quiet: true },
    onSuccess: async (result) => {
      await writeAnswer(client, agentPartnershipKeys.limits(ownerId), result.data);
      void client.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(result.message);
    },
  });
}

/** The sports and events a limit or block can name (the catalogue's own lists, read-only here). */
export function useLimitCatalogue() {
  const sports = useQuery({
    queryKey: ['agent-partnership', 'sports'],
    queryFn: async ({ signal }) => (await apiRequest<Sport[]>('/sports', { signal })).data,
  });
  // The events players can see, through a call agents may make too (decision 0054).
  const events = useQuery({
    queryKey: ['agent-partnership', 'events'],
    queryFn: async ({ signal }) =>
      (await apiRequest<BlockableEvent[]>('/backoffice/blockable-events', { signal })).data,
  });
  return { sports, events };
}
