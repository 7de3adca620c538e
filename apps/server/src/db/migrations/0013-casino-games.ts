/**
 * A fuller casino (issue 15): the house provider's crash game (a committed seed chain, its rounds and
 * bets, kept as any provider keeps its books), each player's favourite games, and the new house
 * games in the catalogue: Teen Patti 20-20, Lucky 7, Crash and the Monsoon Gems slot. Recently played
 * games come from the launch sessions already stored (casino_sessions), so they need no table.
 */
export default /* sql */ `
create table casino_favourites (
  user_id uuid not null references users(id),
  game_id bigint not null references casino_games(id),
  created_at timestamptz not null default now(),
  primary key (user_id, game_id)
);
create index casino_favourites_user_idx on casino_favourites (user_id, created_at desc);

-- A seed chain: seed_k = SHA-256(seed_(k+1)) as text; the commitment seed_0 is published before round 1.
create table house_crash_chains (
  id bigserial primary key,
  game_code text not null,
  terminal_seed text not null,
  commitment text not null,
  length integer not null check (length > 0),
  created_at timestamptz not null default now()
);

create table house_crash_rounds (
  game_code text not null,
  round_number integer not null,
  chain_id bigint not null references house_crash_chains(id),
  chain_index integer not null,
  phase text not null check (phase in ('betting', 'running', 'crashed', 'voided')),
  server_seed text not null,
  server_seed_hash text not null,
  crash_point_hundredths integer not null,
  opened_at_ms bigint not null,
  starts_at_ms bigint not null,
  crash_at_ms bigint not null,
  total_stake_paise bigint not null default 0,
  total_payout_paise bigint not null default 0,
  finished_at_ms bigint,
  primary key (game_code, round_number),
  unique (chain_id, chain_index)
);

create table house_crash_bets (
  bet_id uuid primary key,
  game_code text not null,
  round_number integer not null,
  user_id uuid not null references users(id),
  slot integer not null check (slot >= 0),
  stake_paise bigint not null check (stake_paise > 0),
  auto_cash_out_hundredths integer,
  cash_out_hundredths integer,
  payout_paise bigint,
  status text not null check (status in ('pending', 'placed', 'refused', 'decided', 'settled', 'voided')),
  created_at timestamptz not null,
  foreign key (game_code, round_number) references house_crash_rounds(game_code, round_number)
);
create index house_crash_bets_round_idx on house_crash_bets (game_code, round_number);
create index house_crash_bets_user_idx on house_crash_bets (user_id, created_at desc);
create index house_crash_bets_uncredited_idx on house_crash_bets (status) where status = 'decided';

insert into casino_games (provider_id, code, title, category, image, is_slot, launch_kind, sort_order)
select p.id, g.code, g.title, g.category, g.image, g.is_slot, g.launch_kind, g.sort_order
from casino_providers p,
  (values
    ('crash', 'Crash', 'Crash', '/house-casino/thumbs/crash.svg', false, 'table', 1),
    ('teen-patti', 'Teen Patti 20-20', 'Teen Patti', '/house-casino/thumbs/teen-patti.svg', false, 'table', 5),
    ('lucky-7', 'Lucky 7', 'Card Games', '/house-casino/thumbs/lucky-7.svg', false, 'table', 25),
    ('monsoon-gems', 'Monsoon Gems', 'Video Slots', '/house-casino/thumbs/monsoon-gems.svg', true, 'play', 12)
  ) as g(code, title, category, image, is_slot, launch_kind, sort_order)
where p.code = 'khel-house'
on conflict (provider_id, code) do nothing;
`;
