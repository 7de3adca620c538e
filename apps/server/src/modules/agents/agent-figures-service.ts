import type { AccountFigures, AccountMoney, AgentMoneyQuery, CreditLine, CreditUtilisation } from '@khel/contract';
import { ROLES } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import type { SubtreeTotalsRow } from './agent-money-repository.js';
import { createAgentMoneyRepository } from './agent-money-repository.js';
import { accountInScope } from './agent-scope.js';
import { creditUtilisationOf } from './credit-utilisation.js';
import { CASH_ROLES, CREDIT_ROLES, figuresFromRow } from './agent-figures.js';
import type { FiguresPaise } from './agent-figures.js';

export type { FiguresPaise } from './agent-figures.js';

function toWire(row: SubtreeTotalsRow): AccountFigures {
  const figures = figuresFromRow(row);
  const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    role: row.role,
    kind: CREDIT_ROLES.includes(row.role) ? 'credit' : CASH_ROLES.includes(row.role) ? 'cash' : 'house',
    creditRef: rupees(figures.creditRefPaise),
    balance: paiseToRupees(figures.balancePaise),
    exposure: paiseToRupees(figures.exposurePaise),
    available: paiseToRupees(figures.availablePaise),
    refPnl: rupees(figures.refPnlPaise),
  };
}

/**
 * The downline figures (PRODUCT.md §9): Credit Ref, Balance, Exposure, Available and Ref P&L of an
 * account over its whole subtree, so every agent's figures are its own book plus its downline's.
 */
export function createAgentFiguresService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Paise figures of several accounts, inside a transaction when given (tests and services). */
    async figuresOf(ids: string[], tx: Queryable = db): Promise<FiguresPaise[]> {
      return (await createAgentMoneyRepository(tx).subtreeTotals(ids)).map(figuresFromRow);
    },

    /** Credit given vs used per credit account at and below `rootId` (the whole site when null), for the risk view. */
    async creditUtilisation(rootId: string | null): Promise<CreditUtilisation | null> {
      return creditUtilisationOf(db, rootId);
    },

    /** A credit player's own line; other accounts have none. */
    async creditLineOf(caller: Caller): Promise<CreditLine> {
      if (caller.role !== ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Only credit players have a credit line');
      const [row] = await createAgentMoneyRepository(db).subtreeTotals([caller.userId]);
      const figures = figuresFromRow(row ?? fail('NOT_FOUND', 'Account not found'));
      return {
        creditRef: paiseToRupees(figures.creditRefPaise ?? 0),
        balance: paiseToRupees(figures.balancePaise),
        exposure: paiseToRupees(figures.exposurePaise),
        available: paiseToRupees(figures.availablePaise),
        refPnl: paiseToRupees(figures.refPnlPaise ?? 0),
      };
    },

    async accountMoney(caller: Caller, id: string, query: AgentMoneyQuery): Promise<AccountMoney> {
      const repository = createAgentMoneyRepository(db);
      await accountInScope(db, caller, id);
      const [account] = await repository.subtreeTotals([id]);
      if (account === undefined) fail('NOT_FOUND', 'Account not found');
      const { ids, total } = await repository.directDownline(id, query.pageSize, (query.page - 1) * query.pageSize);
      const rows = await repository.subtreeTotals(ids);
      const order = new Map(ids.map((childId, index) => [childId, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return {
        account: toWire(account),
        own: paiseToRupees(account.own_paise),
        downline: rows.map(toWire),
        downlineTotal: total,
      };
    },
  };
}
export type AgentFiguresService = ReturnType<typeof createAgentFiguresService>;
