/**
 * Partnership and commission per agent, the weekly agent statement's settlement marks, and the bet
 * limits and blocks an agent sets for accounts below it (PRODUCT.md §9, decision 0020).
 */
export default /* sql */ `
-- Cumulative rates in basis points (10000 = 100 %): never above the upline's own (checked by the
-- service under a lock on the upline's row). An agent without a row has 0 of both.
create table agent_rates (
  user_id uuid primary key references users(id),
  partnership_bp integer not null check (partnership_bp between 0 and 10000),
  commission_bp integer not null check (commission_bp between 0 and 10000),
  set_by uuid not null references users(id),
  updated_at timestamptz not null
);

-- One India-time week (Monday to Sunday) of one agent, marked settled by its upline, with the
-- figures as they stood when it was settled.
create table agent_statement_settlements (
  agent_id uuid not null references users(id),
  week_start date not null check (extract(isodow from week_start) = 1),
  settled_by uuid not null references users(id) check (settled_by <> agent_id),
  settled_at timestamptz not null,
  figures jsonb not null,
  primary key (agent_id, week_start)
);

-- A rule hangs on an account (owner_id) and binds every account at or below it; each upline keeps
-- its own rules (set_by), and the tightest of the whole chain applies at placement.
create table downline_bet_limits (
  owner_id uuid not null references users(id),
  set_by uuid not null references users(id),
  sport_id uuid not null references sports(id),
  min_stake_paise bigint check (min_stake_paise > 0),
  max_stake_paise bigint check (max_stake_paise > 0),
  max_profit_paise bigint check (max_profit_paise > 0),
  updated_at timestamptz not null,
  primary key (owner_id, set_by, sport_id),
  check (min_stake_paise is null or max_stake_paise is null or min_stake_paise <= max_stake_paise)
);

create table downline_bet_blocks (
  owner_id uuid not null references users(id),
  set_by uuid not null references users(id),
  sport_id uuid references sports(id),
  event_id uuid references events(id),
  created_at timestamptz not null,
  check ((sport_id is null) <> (event_id is null))
);
create unique index downline_bet_blocks_sport_key on downline_bet_blocks (owner_id, set_by, sport_id) where sport_id is not null;
create unique index downline_bet_blocks_event_key on downline_bet_blocks (owner_id, set_by, event_id) where event_id is not null;
create index downline_bet_blocks_owner_idx on downline_bet_blocks (owner_id);
`;
