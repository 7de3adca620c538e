import type { SubtreeTotalsRow } from './agent-money-repository.js';
import { ROLES } from '@khel/contract';

/** An account's figures from its subtree totals (PRODUCT.md §9): pure, shared by the figures and the credit utilisation (no import loop between them). */
export const CREDIT_ROLES: readonly number[] = [ROLES.CREDIT_AGENT, ROLES.CREDIT_PLAYER];
export const CASH_ROLES: readonly number[] = [ROLES.AGENT, ROLES.PLAYER];

/** Figures in paise, before they go over the wire: what the property tests compare. */
export interface FiguresPaise {
  id: string;
  role: number;
  creditRefPaise: number | null;
  balancePaise: number;
  exposurePaise: number;
  availablePaise: number;
  refPnlPaise: number | null;
  ownPaise: number;
}

export function figuresFromRow(row: SubtreeTotalsRow): FiguresPaise {
  const credit = CREDIT_ROLES.includes(row.role);
  const creditRefPaise = credit ? (row.credit_ref_paise ?? 0) : null;
  return {
    id: row.id,
    role: row.role,
    creditRefPaise,
    balancePaise: row.balance_paise,
    exposurePaise: row.exposure_paise,
    availablePaise: row.balance_paise + row.exposure_paise,
    refPnlPaise: creditRefPaise === null ? null : row.balance_paise - creditRefPaise,
    ownPaise: row.own_paise,
  };
}
