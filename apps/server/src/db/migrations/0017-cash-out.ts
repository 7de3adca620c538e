/**
 * Cash Out (issue 13, decision 0022). A bet row says whether it is a cash-out bet (an exchange hedge
 * leg, or the house's closing bet that settles a bookmaker or fancy position at the quoted value), and
 * a bet settled early by such a closing bet points at it, so the market's own settlement, void and
 * correction leave it alone.
 */
export default /* sql */ `
alter table bets add column cash_out boolean not null default false;
alter table bets add column closed_by uuid references bets(id);
create index bets_closed_by_idx on bets (closed_by) where closed_by is not null;
`;
