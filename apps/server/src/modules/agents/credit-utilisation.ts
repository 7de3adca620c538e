import type { CreditUtilisation, CreditUtilisationRow } from '@khel/contract';
import { CREDIT_UTILISATION_ROWS, ROLES } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Queryable } from '../../db/database.js';
import { createAgentMoneyRepository } from './agent-money-repository.js';
import { createTreeRepository } from './tree-repository.js';
import { figuresFromRow } from './agent-figures.js';

interface UsePaise {
  givenPaise: number;
  exposurePaise: number;
  lossesPaise: number;
}

/** used ÷ given, null when nothing is given. */
const ratio = (usedPaise: number, givenPaise: number) => (givenPaise > 0 ? usedPaise / givenPaise : null);

function toRupees(use: UsePaise) {
  const used = use.exposurePaise + use.lossesPaise;
  return {
    creditGiven: paiseToRupees(use.givenPaise),
    exposure: paiseToRupees(use.exposurePaise),
    losses: paiseToRupees(use.lossesPaise),
    used: paiseToRupees(used),
    utilisation: ratio(used, use.givenPaise),
  };
}

/**
 * Credit given vs used for every credit agent and credit player at and below `rootId` (the whole
 * site when null; decision 0026), from the
 * same subtree figures as the downline panel (agent-figures-service): given = Credit Ref, used = the
 * subtree's open exposure plus its unsettled losses (−Ref P&L when negative). The scope's totals add up
 * the highest credit accounts only, so a downline is never counted twice. Null when there are none.
 */
export async function creditUtilisationOf(db: Queryable, rootId: string | null): Promise<CreditUtilisation | null> {
  const accounts = await createTreeRepository(db).withRolesWithin([ROLES.CREDIT_AGENT, ROLES.CREDIT_PLAYER], rootId);
  if (accounts.length === 0) return null;
  const uplineOf = new Map(accounts.map((row) => [row.id, row.upline_id]));
  const totals = await createAgentMoneyRepository(db).subtreeTotals([...uplineOf.keys()]);
  const sum: UsePaise = { givenPaise: 0, exposurePaise: 0, lossesPaise: 0 };
  const rows: (CreditUtilisationRow & { usedPaise: number })[] = totals.map((row) => {
    const figures = figuresFromRow(row);
    const use = {
      givenPaise: figures.creditRefPaise ?? 0,
      exposurePaise: Math.max(0, -figures.exposurePaise),
      lossesPaise: Math.max(0, -(figures.refPnlPaise ?? 0)),
    };
    const uplineId = uplineOf.get(row.id) ?? null;
    if (uplineId === null || !uplineOf.has(uplineId)) {
      sum.givenPaise += use.givenPaise;
      sum.exposurePaise += use.exposurePaise;
      sum.lossesPaise += use.lossesPaise;
    }
    return {
      _id: row.id,
      name: row.name,
      username: row.username,
      role: row.role,
      uplineId,
      ...toRupees(use),
      usedPaise: use.exposurePaise + use.lossesPaise,
    };
  });
  // Most used first (by share of the line, then by amount); lines with nothing given last.
  rows.sort(
    (a, b) =>
      (b.utilisation ?? -1) - (a.utilisation ?? -1) || b.usedPaise - a.usedPaise || a.name.localeCompare(b.name),
  );
  return {
    ...toRupees(sum),
    accounts: rows.length,
    rows: rows.slice(0, CREDIT_UTILISATION_ROWS).map(({ usedPaise: _used, ...row }) => row),
  };
}
