/**
 * Casino (PRODUCT.md §1 house provider, §3 casino calls, §4 casino wallet): providers and their game
 * catalogue, launch sessions, the seamless wallet's transactions (one row per provider transaction id,
 * so a retry replays and nothing applies twice) and rounds; then the house provider's own records
 * (slot seed pairs and spins, table rounds and bets), which it keeps as any provider would.
 *
 * The house provider is part of the product, so it and its games are made here with a random secret.
 */
export default /* sql */ `
create table casino_providers (
  id bigserial primary key,
  code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  name text not null,
  kind text not null check (kind in ('house', 'external')),
  secret text not null check (length(secret) >= 32),
  launch_url_template text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table casino_games (
  id bigserial primary key,
  provider_id bigint not null references casino_providers(id),
  code text not null check (code ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  title text not null,
  category text not null,
  image text not null default '',
  is_slot boolean not null,
  launch_kind text not null check (launch_kind in ('table', 'qtech', 'win', 'play')),
  sort_order integer not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  unique (provider_id, code)
);
create index casino_games_lobby_idx on casino_games (sort_order, id) where enabled;

-- A launch: the token handed to the provider in the game URL, stored as its SHA-256 only.
create table casino_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users(id),
  provider_id bigint not null references casino_providers(id),
  game_id bigint not null references casino_games(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index casino_sessions_user_idx on casino_sessions (user_id, created_at desc);

-- One player's part of a provider round: what was staked, paid and returned, from which wallet.
create table casino_rounds (
  id bigserial primary key,
  provider_id bigint not null references casino_providers(id),
  round_id text not null,
  user_id uuid not null references users(id),
  game_id bigint not null references casino_games(id),
  wallet text not null check (wallet in ('main', 'bonus')),
  status text not null default 'open' check (status in ('open', 'credited', 'rolled_back')),
  stake_paise bigint not null default 0 check (stake_paise >= 0),
  payout_paise bigint not null default 0 check (payout_paise >= 0),
  rolled_back_paise bigint not null default 0 check (rolled_back_paise >= 0),
  created_at timestamptz not null,
  settled_at timestamptz,
  unique (provider_id, round_id, user_id)
);
create index casino_rounds_user_idx on casino_rounds (user_id, created_at);
create index casino_rounds_provider_idx on casino_rounds (provider_id, created_at);

-- Every wallet call that changed something, once per (provider, transaction id). A rollback whose debit
-- was never seen leaves a tombstone under the debit's id, so the late debit is refused.
create table casino_transactions (
  id bigserial primary key,
  provider_id bigint not null references casino_providers(id),
  transaction_id text not null,
  kind text not null check (kind in ('debit', 'credit', 'rollback', 'rollback_tombstone')),
  round_id text not null,
  user_id uuid not null references users(id),
  wallet text check (wallet in ('main', 'bonus')),
  amount_paise bigint not null check (amount_paise >= 0),
  -- A rollback names the debit it reverses.
  debit_transaction_id text,
  request_hash text not null,
  journal_transaction_id bigint references journal_transactions(id),
  response jsonb,
  created_at timestamptz not null,
  unique (provider_id, transaction_id)
);
create index casino_transactions_round_idx on casino_transactions (provider_id, round_id, user_id);
create index casino_transactions_created_idx on casino_transactions (provider_id, created_at);
-- A debit is returned at most once, whatever rollback ids a provider sends.
create unique index casino_transactions_one_rollback_idx on casino_transactions (provider_id, debit_transaction_id)
  where kind = 'rollback' and journal_transaction_id is not null;
create trigger casino_transactions_no_delete before delete on casino_transactions
  for each row execute function refuse_change();

-- The house provider's own books (it keeps them as an external provider keeps its own).
create table house_slot_seeds (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  next_nonce integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null,
  revealed_at timestamptz
);
create unique index house_slot_seeds_active_idx on house_slot_seeds (user_id) where active;

create table house_slot_spins (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  game_code text not null,
  seed_id uuid not null references house_slot_seeds(id),
  nonce integer not null,
  stake_paise bigint not null,
  stops jsonb not null,
  payout_paise bigint not null,
  status text not null check (status in ('pending', 'debited', 'settled', 'refused')),
  created_at timestamptz not null,
  unique (seed_id, nonce)
);
create index house_slot_spins_user_idx on house_slot_spins (user_id, created_at desc);
create index house_slot_spins_unsettled_idx on house_slot_spins (status) where status in ('pending', 'debited');

create table house_table_rounds (
  table_id text not null,
  round_number integer not null,
  game jsonb not null,
  phase text not null check (phase in ('betting', 'closed', 'revealed', 'settled', 'voided')),
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  opened_at_ms bigint not null,
  closes_at_ms bigint not null,
  result jsonb,
  total_stake_paise bigint not null default 0,
  total_payout_paise bigint not null default 0,
  finished_at_ms bigint,
  primary key (table_id, round_number)
);

create table house_table_bets (
  bet_id uuid primary key,
  table_id text not null,
  round_number integer not null,
  user_id uuid not null references users(id),
  kind text not null,
  stake_paise bigint not null,
  payout_paise bigint,
  status text not null check (status in ('pending', 'placed', 'refused', 'settled', 'voided')),
  created_at timestamptz not null,
  foreign key (table_id, round_number) references house_table_rounds(table_id, round_number)
);
create index house_table_bets_round_idx on house_table_bets (table_id, round_number);
create index house_table_bets_user_idx on house_table_bets (user_id, created_at desc);

insert into casino_providers (code, name, kind, secret, launch_url_template)
values ('khel-house', 'Khel Originals', 'house',
        replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
        '/house-casino/play/{game}?token={token}');

insert into casino_games (provider_id, code, title, category, image, is_slot, launch_kind, sort_order)
select p.id, g.code, g.title, g.category, g.image, g.is_slot, g.launch_kind, g.sort_order
from casino_providers p,
  (values
    ('royal-bengal', 'Royal Bengal', 'Video Slots', '/house-casino/thumbs/royal-bengal.svg', true, 'play', 10),
    ('dragon-tiger', 'Dragon Tiger', 'Card Games', '/house-casino/thumbs/dragon-tiger.svg', false, 'table', 20),
    ('andar-bahar', 'Andar Bahar', 'Card Games', '/house-casino/thumbs/andar-bahar.svg', false, 'table', 30)
  ) as g(code, title, category, image, is_slot, launch_kind, sort_order)
where p.code = 'khel-house';
`;
