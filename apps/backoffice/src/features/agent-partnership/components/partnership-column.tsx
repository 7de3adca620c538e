import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AGENT_ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { agentRatesQuery, useAgentRates } from '../api/agent-partnership';

/** An agent's partnership in force this India week (decision 0051), from its rates. */
function PartnershipCell({ userId }: { userId: string }) {
  const rates = useAgentRates(userId);
  if (rates.isPending)
    return (
      <span className="muted" aria-label="Loading">
        …
      </span>
    );
  if (rates.isError) return <span className="muted">—</span>;
  return <>{rates.data.inForce.partnership}%</>;
}

/**
 * The downline list's Partnership % column (decision 0065): an agent row's rate in force this week,
 * — for a player, and the same in the list's CSV (structurally the downline feature's column type; the
 * router hands it over).
 */
export const PARTNERSHIP_COLUMNS: readonly {
  key: string;
  header: string;
  cell: (user: { _id: string; role: number }) => ReactNode;
  csv: (user: { _id: string; role: number }, client: QueryClient) => Promise<number | null>;
}[] = [
  {
    key: 'partnership',
    header: 'Partnership %',
    cell: (user) =>
      AGENT_ROLES.includes(user.role as RoleId) ? (
        <PartnershipCell userId={user._id} />
      ) : (
        <span className="muted">—</span>
      ),
    // The same rate in the CSV, as a number; empty for a player.
    csv: async (user, client) =>
      AGENT_ROLES.includes(user.role as RoleId)
        ? (await client.fetchQuery(agentRatesQuery(user._id))).inForce.partnership
        : null,
  },
];
