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
 * restart replays the stored answer and moves nothing twice.
 */
export async function seedDemoAgentMoney(
  services: { agentChips: AgentChipsService; agentCredit: AgentCreditService },
  ids: Record<string, { id: string; role: number } | undefined>,
): Promise<void> {
  for (const move of DEMO_AGENT_MONEY) {
    const from = ids[move.from];
    const to = ids[move.to];
    if (from === undefined || to === undefined) continue;
    const caller = seedCaller(from.id, from.role);
    const key = `demo-agent-money:${move.to}`;
    if (move.book === 'chips')
      await services.agentChips.move(caller, to.id, { action: 'give', amount: move.amount }, key, '127.0.0.1');
    else await services.agentCredit.move(caller, to.id, { action: 'give', amount: move.amount }, key, '127.0.0.1');
  }
}
