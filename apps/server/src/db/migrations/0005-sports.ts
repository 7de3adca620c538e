/**
 * Sports, leagues, events, markets (exchange, bookmaker, fancy), runners, bets, fills and the exposure
 * each player has reserved per market. An exchange market's order book lives in its row as the
 * engine's snapshot with a version, so any process can restore exactly the book another one left.
 */
export default /* sql */ `
create table sports (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  sort_order integer not null default 0
);

create table leagues (
  id uuid primary key default gen_random_uuid(),
  sport_id uuid not null references sports(id),
  slug text not null,
  name text not null,
  unique (sport_id, slug)
);

create table events (
  id uuid primary key default gen_random_uuid(),
  league_id uuid not null references leagues(id),
  slug text not null,
  name text not null,
  start_time timestamptz not null,
  status text not null default 'upcoming' check (status in ('upcoming', 'in_play', 'finished', 'cancelled')),
  score jsonb,
  stream_url text,
  feed_ref text unique,
  listed boolean not null default true,
  created_at timestamptz not null default now(),
  unique (league_id, slug)
);
create index events_status_idx on events (status, start_time);

create table markets (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references events(id),
  type text not null check (type in ('EXCHANGE', 'BOOKMAKER', 'FANCY')),
  name text not null,
  status text not null default 'open' check (status in ('open', 'suspended', 'closed', 'settled', 'voided')),
  in_play boolean not null default false,
  suspend_reason text,
  version integer not null default 0,
  bet_delay_seconds integer not null default 0 check (bet_delay_seconds between 0 and 30),
  min_stake_paise bigint not null check (min_stake_paise > 0),
  max_stake_paise bigint not null check (max_stake_paise >= min_stake_paise),
  max_profit_paise bigint not null check (max_profit_paise > 0),
  commission_bp integer not null default 200 check (commission_bp between 0 and 10000),
  -- BOOKMAKER: [{ runnerId, backRateHundredths, layRateHundredths }]; FANCY: { noLineRuns, noRateHundredths, yesLineRuns, yesRateHundredths }
  quote jsonb,
  -- EXCHANGE: the engine's snapshot (resting offers) and its version.
  book_snapshot jsonb,
  book_version integer not null default 0,
  result jsonb,
  settlement_count integer not null default 0,
  feed_ref text unique,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index markets_event_idx on markets (event_id, sort_order);

create table runners (
  id uuid primary key default gen_random_uuid(),
  market_id uuid not null references markets(id),
  name text not null,
  sort_order integer not null,
  feed_ref text
);
create index runners_market_idx on runners (market_id, sort_order);

create table bets (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  user_id uuid not null references users(id),
  market_id uuid not null references markets(id),
  event_id uuid not null references events(id),
  runner_id uuid references runners(id),
  side text not null check (side in ('back', 'lay')),
  -- EXCHANGE: decimal odds × 100; BOOKMAKER: the rate × 100; FANCY: null.
  price_h integer,
  -- FANCY: the line in runs and the rate × 100.
  line_runs integer,
  rate_h integer,
  stake_paise bigint not null check (stake_paise > 0),
  matched_paise bigint not null default 0 check (matched_paise >= 0 and matched_paise <= stake_paise),
  cancelled_paise bigint not null default 0,
  status text not null check (status in ('pending', 'unmatched', 'matched', 'cancelled', 'lapsed', 'settled', 'voided')),
  lapse_reason text,
  wallet text not null check (wallet in ('main', 'bonus')),
  persistence text not null default 'lapse' check (persistence in ('lapse', 'keep')),
  placed_version integer not null,
  delay_until timestamptz,
  profit_loss_paise bigint,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index bets_user_idx on bets (user_id, seq desc);
create index bets_market_idx on bets (market_id, status);
create index bets_pending_idx on bets (delay_until) where status = 'pending';

-- One match between two offers at the resting offer's price. A null bet id is the house's liquidity.
create table fills (
  id bigint generated always as identity primary key,
  market_id uuid not null references markets(id),
  runner_id uuid not null references runners(id),
  price_h integer not null,
  stake_paise bigint not null check (stake_paise > 0),
  back_bet_id uuid references bets(id),
  lay_bet_id uuid references bets(id),
  created_at timestamptz not null default now(),
  check (back_bet_id is not null or lay_bet_id is not null)
);
create index fills_market_idx on fills (market_id);
create index fills_back_idx on fills (back_bet_id);
create index fills_lay_idx on fills (lay_bet_id);

-- What each player has reserved against each market, per wallet: the sum over a player's open markets
-- equals the exposure on their wallet account.
create table market_exposures (
  user_id uuid not null references users(id),
  market_id uuid not null references markets(id),
  wallet text not null check (wallet in ('main', 'bonus')),
  exposure_paise bigint not null check (exposure_paise <= 0),
  -- EXCHANGE and BOOKMAKER: the player's matched result if each runner wins, { runnerId: paise },
  -- kept up to date fill by fill so a bet never re-reads the player's whole history on the market.
  outcomes jsonb not null default '{}'::jsonb,
  primary key (user_id, market_id, wallet)
);

create table feed_state (
  id smallint primary key default 1 check (id = 1),
  state jsonb,
  -- One process drives the demo feed: it holds the lease and renews it every tick.
  lease_holder text,
  lease_until timestamptz,
  updated_at timestamptz not null default now()
);
`;
