/**
 * Issue 26: each market says how it settles, in the player's words. A real feed's markets carry their
 * own rules (a Cricsheet fancy line: which runs count, when it is void); an operator may write them for
 * a market of the back office. Null: the product's rules for the market's type (sports-rules.ts). Read
 * only when a player opens a market's Rules, never with the market's prices.
 */
export default /* sql */ `
alter table markets add column rules text check (rules is null or length(rules) between 1 and 2000);
`;
