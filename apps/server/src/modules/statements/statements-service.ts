import type { StatementLine } from '@khel/contract';
import { paiseToRupees, indiaDateRange } from '@khel/money';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import { statementParts } from './statement-parts.js';
import type { PlayerWallet, WalletService } from '../wallet/wallet-service.js';

/**
 * Journal kinds that are results of play (bets and casino rounds): /result-transaction and
 * /profit-loss read these; /transaction reads every other movement (deposits, withdrawals, …).
 */
export const RESULT_KINDS = [
  'bet_settlement',
  'bet_void',
  'bet_resettlement',
  'bet_cash_out',
  'casino_debit',
  'casino_credit',
  'casino_rollback',
] as const;

interface Range {
  start_date?: string;
  end_date?: string;
}

function toLine(row: {
  id: number;
  amount_paise: number;
  created_at: Date;
  kind: string;
  description: string;
  details: Record<string, unknown>;
  balance_paise: number;
}): StatementLine {
  const parts = statementParts(row.kind, row.details, row.description);
  return {
    _id: String(row.id),
    createdAt: row.created_at.toISOString(),
    kind: row.kind,
    description: row.description,
    ...(parts === undefined ? {} : { parts }),
    amount: paiseToRupees(row.amount_paise),
    credit: row.amount_paise > 0 ? paiseToRupees(row.amount_paise) : 0,
    debit: row.amount_paise < 0 ? paiseToRupees(-row.amount_paise) : 0,
    balance: paiseToRupees(row.balance_paise),
  };
}

/** Statements and profit and loss, read from the journal (so every later kind of movement shows up). */
export function createStatementsService(deps: { wallet: WalletService; clock: Clock }) {
  const { wallet, clock } = deps;

  async function statement(userId: string, walletName: PlayerWallet, range: Range, filter: (kind: string) => boolean) {
    const { from, to } = indiaDateRange(range, clock.now());
    const result = await wallet.statement(userId, walletName, from, to);
    return {
      openingBalance: paiseToRupees(result.openingBalancePaise),
      closingBalance: paiseToRupees(result.closingBalancePaise),
      lines: result.lines.filter((line) => filter(line.kind)).map(toLine),
    };
  }

  const isResult = (kind: string) => (RESULT_KINDS as readonly string[]).includes(kind);

  return {
    /** An operator's view of any player's wallet; an unknown player or wallet is NOT_FOUND. */
    async ledger(userId: string, walletName: PlayerWallet, range: Range) {
      if (!(await wallet.hasWallet(userId, walletName))) fail('NOT_FOUND', 'This player has no such wallet');
      return statement(userId, walletName, range, () => true);
    },

    /** Every line with its running balance. */
    accountStatement: (userId: string, walletName: PlayerWallet, range: Range) =>
      statement(userId, walletName, range, () => true),
    /** Deposits, withdrawals and other wallet movements (not results of play). */
    transactions: (userId: string, walletName: PlayerWallet, range: Range) =>
      statement(userId, walletName, range, (kind) => !isResult(kind)),
    /** Results of bets and casino rounds. */
    results: (userId: string, walletName: PlayerWallet, range: Range) => statement(userId, walletName, range, isResult),

    /** Net result per sport / event / market, and per casino provider, in the range. */
    async profitLoss(userId: string, walletName: PlayerWallet, range: Range) {
      const { from, to } = indiaDateRange(range, clock.now());
      const result = await wallet.statement(userId, walletName, from, to, [...RESULT_KINDS]);
      const rows = new Map<
        string,
        {
          key: string;
          group: 'sport' | 'casino';
          sport: string | null;
          event: string | null;
          market: string | null;
          provider: string | null;
          profitLossPaise: number;
          commissionPaise: number;
          count: number;
        }
      >();
      for (const line of result.lines) {
        const details = line.details as {
          sport?: string;
          event?: string;
          market?: string;
          provider?: string;
          commissionPaise?: number;
        };
        const group = line.kind.startsWith('casino') ? 'casino' : 'sport';
        const key =
          group === 'casino'
            ? `casino:${details.provider ?? 'unknown'}`
            : `sport:${details.sport ?? ''}:${details.event ?? ''}:${details.market ?? ''}`;
        const row = rows.get(key) ?? {
          key,
          group,
          sport: details.sport ?? null,
          event: details.event ?? null,
          market: details.market ?? null,
          provider: details.provider ?? null,
          profitLossPaise: 0,
          commissionPaise: 0,
          count: 0,
        };
        row.profitLossPaise += line.amount_paise;
        row.commissionPaise += details.commissionPaise ?? 0;
        row.count += 1;
        rows.set(key, row);
      }
      const list = [...rows.values()].map(({ profitLossPaise, commissionPaise, ...rest }) => ({
        ...rest,
        profitLoss: paiseToRupees(profitLossPaise),
        commission: paiseToRupees(commissionPaise),
      }));
      const totalPaise = [...rows.values()].reduce((sum, row) => sum + row.profitLossPaise, 0);
      return { rows: list, total: paiseToRupees(totalPaise) };
    },
  };
}
export type StatementsService = ReturnType<typeof createStatementsService>;
