/**
 * Issue 31: the markets a player pins for the Multi Markets page, kept on the server so they follow the
 * player to another phone. One row per player and market; a pin is removed by its player alone.
 */
export default /* sql */ `
create table pinned_markets (
  user_id uuid not null references users(id),
  market_id uuid not null references markets(id),
  pinned_at timestamptz not null default now(),
  primary key (user_id, market_id)
);
-- Results by India day (issue 31): the markets settled or voided in a time window.
create index markets_settled_at_idx on markets (settled_at) where status in ('settled', 'voided');
`;
