import type { AgentBookLine, AgentBookStatement, DateRangeQuery } from '@khel/contract';
import { ROLES } from '@khel/contract';
import { indiaDate, indiaDateRange, paiseToRupees } from '@khel/money';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Caller } from '../identity/identity-service.js';
import type { AgentBookRow } from './agent-book-repository.js';
import { createAgentBookRepository } from './agent-book-repository.js';
import { accountInScope } from './agent-scope.js';

/** One line as the agent reads it: what moved, to or from whom, from the agent's own side. */
function describe(row: AgentBookRow, agentId: string, noun: 'Chips' | 'Credit'): string {
  const other = row.counterparty_name ?? 'the house';
  const into = Number(row.amount_paise) >= 0;
  switch (row.kind) {
    case 'agent_chips':
    case 'credit_ref':
      // A credit account moved to another upline: its credit line went from one upline's book to the other's (decision 0066).
      if (row.details.action === 'move')
        return into ? `${noun} back: an account moved to ${other}` : `${noun} to an account moved here from ${other}`;
      // The agent was the account moved (its upline gave or took back), or the one moving (its downline's).
      if (row.details.targetId === agentId) return into ? `${noun} from ${other}` : `${noun} taken back by ${other}`;
      return into ? `${noun} taken back from ${other}` : `${noun} given to ${other}`;
    case 'deposit':
      return `Deposit of ${other} approved`;
    case 'withdrawal_paid':
      return `Withdrawal of ${other} paid`;
    default:
      return row.description;
  }
}

/**
 * An agent's own statement (issue 24, decision 0054): every move of its own book — a cash agent's
 * chips, a credit agent's free credit — with the running balance, in India dates. The agent reads its
 * own, an upline (or an operator) any agent below it; `accountInScope` refuses a sibling or an upline.
 */
export function createAgentBookService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async statement(caller: Caller, agentId: string, range: DateRangeQuery): Promise<AgentBookStatement> {
      const agent = await accountInScope(db, caller, agentId);
      const book =
        agent.role === ROLES.AGENT
          ? ('chips' as const)
          : agent.role === ROLES.CREDIT_AGENT
            ? ('credit' as const)
            : fail('WRONG_ACCOUNT_KIND', 'Only agents keep a book of their own');
      const { from, to } = indiaDateRange(range, clock.now());
      const repository = createAgentBookRepository(db);
      const accountId = await repository.accountId(agentId, book === 'chips' ? 'agent_chips' : 'agent_credit');
      const opening = accountId === null ? 0 : await repository.balanceBefore(accountId, from);
      const closing = accountId === null ? 0 : await repository.balanceBefore(accountId, to);
      const rows = accountId === null ? [] : await repository.lines(accountId, agentId, from, to);
      const noun = book === 'chips' ? 'Chips' : 'Credit';
      const toLine = (row: AgentBookRow, description: string, sign: 1 | -1): AgentBookLine => {
        // 0 - x, never -x: a zero stays 0, not -0.
        const signed = (paise: number) => (sign === 1 ? paise : 0 - paise);
        return {
          _id: String(row.id),
          createdAt: row.created_at.toISOString(),
          indiaDate: indiaDate(row.created_at),
          kind: row.kind,
          description,
          counterparty:
            row.counterparty_id === null ? null : { _id: row.counterparty_id, name: row.counterparty_name ?? '' },
          amount: paiseToRupees(signed(Number(row.amount_paise))),
          balance: paiseToRupees(signed(Number(row.balance_paise))),
        };
      };
      // A settlement posts against the agent's settlement account: cash the agent received is a debit there.
      let settlements: AgentBookStatement['settlements'] = null;
      if (book === 'credit') {
        const settlementId = await repository.settlementAccountId(agentId);
        const settled = settlementId === null ? [] : await repository.lines(settlementId, agentId, from, to);
        settlements = {
          openingBalance: paiseToRupees(
            settlementId === null ? 0 : 0 - (await repository.balanceBefore(settlementId, from)),
          ),
          closingBalance: paiseToRupees(
            settlementId === null ? 0 : 0 - (await repository.balanceBefore(settlementId, to)),
          ),
          lines: settled.map((row) =>
            toLine(
              row,
              Number(row.amount_paise) < 0
                ? `Settlement: cash received from ${row.counterparty_name ?? 'the house'}`
                : `Settlement: cash paid to ${row.counterparty_name ?? 'the house'}`,
              -1,
            ),
          ),
        };
      }
      return {
        agent: { _id: agent.id, name: agent.name, role: agent.role },
        book,
        startDate: indiaDate(from),
        endDate: indiaDate(new Date(to.getTime() - 1)),
        openingBalance: paiseToRupees(opening),
        closingBalance: paiseToRupees(closing),
        lines: rows.map((row) => toLine(row, describe(row, agentId, noun), 1)),
        settlements,
      };
    },
  };
}
export type AgentBookService = ReturnType<typeof createAgentBookService>;
