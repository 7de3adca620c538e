import type { StatementParts } from '@khel/contract';

/**
 * The structured parts of a statement line (issue 14, ADR 0030): read from what the posting stored in
 * the journal's details, so the player app can word the line in Hindi while English keeps the server's
 * description word for word. Only what a description shows is sent (never internal ids). A line
 * posted before a part was stored simply lacks it; the app then shows the server's text.
 */
type Details = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const integer = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** sport / event / market and the result of a settlement (also copied onto its void and correction). */
function marketParts(details: Details): StatementParts {
  const result = text(details.result);
  // Fancy results were written "<runs> runs" before `runs` was stored on its own.
  const runs =
    integer(details.runs) ??
    (result !== undefined && /^\d+ runs$/.test(result) ? Number.parseInt(result, 10) : undefined);
  return {
    sport: text(details.sport),
    event: text(details.event),
    market: text(details.market),
    winner: runs === undefined ? result : undefined,
    runs,
  };
}

/** The casino lobby is the description's own first part (PRODUCT.md §4: `Live Casino / <provider> / d/m/yyyy`). */
function lobbyOf(description: string): StatementParts['lobby'] {
  if (description.startsWith('Slots / ')) return 'slots';
  if (description.startsWith('Live Casino / ')) return 'live';
  return undefined;
}

const direction = (give: boolean): StatementParts['direction'] => (give ? 'in' : 'out');

const BY_KIND: Record<string, (details: Details, description: string) => StatementParts> = {
  bet_settlement: marketParts,
  bet_cash_out: (details) => ({ sport: text(details.sport), event: text(details.event), market: text(details.market) }),
  bet_void: (details) => ({ ...marketParts(details), reason: text(details.voidReason) }),
  bet_resettlement: marketParts,
  casino_debit: (details, description) => ({ provider: text(details.provider), lobby: lobbyOf(description) }),
  casino_credit: (details, description) => ({ provider: text(details.provider), lobby: lobbyOf(description) }),
  casino_rollback: (details, description) => ({ provider: text(details.provider), lobby: lobbyOf(description) }),
  deposit: (details) => ({
    method: details.method === 'upi' || details.method === 'bank' ? details.method : undefined,
    ref: text(details.txnRef),
  }),
  withdrawal_hold: (details) => ({ account: text(details.account) }),
  withdrawal_paid: (details) => ({ account: text(details.account) }),
  withdrawal_release: (details) => ({ reason: text(details.reason) }),
  bonus_activate: (details) => ({ offer: text(details.offer) }),
  bonus_claim: (details) => ({ offer: text(details.offer) }),
  bonus_forfeit: (details) => ({ offer: text(details.offer) }),
  bonus_expire: (details) => ({ offer: text(details.offer) }),
  referral_earning: (details) => ({ weekStart: text(details.weekStart), weekEnd: text(details.weekEnd) }),
  adjustment: (details) => ({ reason: text(details.reason) }),
  agent_chips: (details) => ({ direction: direction(details.action === 'give') }),
  credit_ref: (details) => ({ direction: direction(details.action === 'give') }),
  // A negative reference P&L before the settlement: the player paid the agent.
  credit_settlement: (details) => ({
    direction: direction(!(typeof details.refPnlBeforePaise === 'number' && details.refPnlBeforePaise < 0)),
  }),
};

/** The parts of one line, without empty fields; undefined for a kind with none. */
export function statementParts(kind: string, details: Details, description: string): StatementParts | undefined {
  const build = BY_KIND[kind];
  if (build === undefined) return undefined;
  const parts = Object.fromEntries(
    Object.entries(build(details, description)).filter(([, value]) => value !== undefined),
  ) as StatementParts;
  return Object.keys(parts).length === 0 ? undefined : parts;
}
