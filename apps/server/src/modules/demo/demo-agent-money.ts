import type { AgentChipsService } from '../agents/agent-chips-service.js';
import type { AgentCreditService } from '../agents/agent-credit-service.js';
import type { Caller } from '../identity/identity-service.js';

/** The demo tree's money (PRODUCT.md §9): who gives whom what, in rupees, by the demo tree's keys. */
export const DEMO_AGENT_MONEY: readonly { from: string; to: string; book: 'chips' | 'credit'; amount: number }[] = [
  { from: 'director', to: 'agent', book: 'chips', amount: 50_000 },
  { from: 'director', to: 'creditAgent', book: 'credit', amount: 50_000 },
  { from: 'creditAgent', to: 'subCreditAgent', book: 'credit', amount: 30_000 },
  { from: 'creditAgent', to: 'creditPlayer', book: 'credit', amount: 10_000 },
  { from: 'subCreditAgent', to: 'subCreditPlayer', book: 'credit', amount: 10_000 },
];

/** The demo gives as its accounts would, through the same services; no session stands behind it. */
function seedCaller(userId: string, role: number): Caller {
  return {
    userId,
    role,
    sessionId: '00000000-0000-0000-0000-000000000000',
    wallet: '1',
    permissions: {
      allowHome: true,
      allowLiveCasino: true,
      allowSlots: true,
      allowStatements: true,
      allowProfitLoss: true,
    },
  };
}

/**
 * Gives the demo agents their chips and credit lines once: each move carries an Idempotency-Key, so a
 * restart replays the stored answer and moves nothing twice. The director's gives fit the default
 * second-approval line; where a site's line is lower they wait for a second operator (decision 0044),
 * and what the waiting account would have passed on is not given.
 */
export async function seedDemoAgentMoney(
  services: { agentChips: AgentChipsService; agentCredit: AgentCreditService },
  ids: Record<string, { id: string; role: number } | undefined>,
): Promise<void> {
  const waiting = new Set<string>();
  for (const move of DEMO_AGENT_MONEY) {
    const from = ids[move.from];
    const to = ids[move.to];
    if (from === undefined || to === undefined) continue;
    if (waiting.has(move.from)) {
      waiting.add(move.to);
      continue;
    }
    const caller = seedCaller(from.id, from.role);
    const key = `demo-agent-money:${move.to}`;
    const body = { action: 'give', amount: move.amount } as const;
    const { waitingId } =
      move.book === 'chips'
        ? await services.agentChips.move(caller, to.id, body, key, '127.0.0.1')
        : await services.agentCredit.move(caller, to.id, body, key, '127.0.0.1');
    if (waitingId !== null) waiting.add(move.to);
  }
}
