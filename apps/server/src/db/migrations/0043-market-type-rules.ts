/**
 * Issue 28 (decision 0064): locks and limits per market type. Like `downline_bet_limits`, a line hangs
 * on an account (owner_id) and binds every account at or below it; each setter keeps its own line per
 * type, a lock anywhere on the chain locks and the tightest figures apply at placement. The version
 * trigger of migration 0024 moves on every change, so the market writer's cached rules stay honest.
 */
export default /* sql */ `
create table downline_market_type_rules (
  owner_id uuid not null references users(id),
  set_by uuid not null references users(id),
  market_type text not null check (market_type in ('EXCHANGE', 'BOOKMAKER', 'FANCY')),
  locked boolean not null,
  min_stake_paise bigint check (min_stake_paise > 0),
  max_stake_paise bigint check (max_stake_paise > 0),
  max_profit_paise bigint check (max_profit_paise > 0),
  updated_at timestamptz not null,
  primary key (owner_id, set_by, market_type),
  check (min_stake_paise is null or max_stake_paise is null or min_stake_paise <= max_stake_paise),
  check (locked or min_stake_paise is not null or max_stake_paise is not null or max_profit_paise is not null)
);
create index downline_market_type_rules_owner_idx on downline_market_type_rules (owner_id);

create trigger downline_market_type_rules_version after insert or update or delete or truncate on downline_market_type_rules
  for each statement execute function downline_limits_bump();
`;
