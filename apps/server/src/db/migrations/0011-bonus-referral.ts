/**
 * Bonuses and the referral programme (PRODUCT.md §8, decision 0014). Offers are the operator's
 * templates; a player's bonus copies the terms it was granted under, so editing an offer never changes
 * a bonus already given. Wagering rows are one per settled stake (a bet or a casino round), so a void
 * or a corrected result rewrites that row and the progress is always their sum. Referral earnings are
 * one row per (referrer, referred player, week): the unique key is what makes the weekly job pay once.
 */
export default /* sql */ `
create table bonus_offers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  kind text not null check (kind in ('welcome', 'deposit', 'manual')),
  percent_bp integer check (percent_bp > 0),
  cap_paise bigint check (cap_paise > 0),
  fixed_paise bigint check (fixed_paise > 0),
  min_deposit_paise bigint check (min_deposit_paise > 0),
  frequency text not null default 'once' check (frequency in ('once', 'daily', 'weekly')),
  wagering_multiple_h integer not null check (wagering_multiple_h >= 0),
  min_odds_h integer not null check (min_odds_h >= 100),
  contributions jsonb not null,
  days_to_activate integer not null check (days_to_activate > 0),
  days_to_complete integer not null check (days_to_complete > 0),
  max_conversion_paise bigint check (max_conversion_paise > 0),
  paused boolean not null default false,
  created_by uuid references users(id),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table bonus_grants (
  id uuid primary key default gen_random_uuid(),
  seq bigserial,
  user_id uuid not null references users(id),
  offer_id uuid not null references bonus_offers(id),
  amount_paise bigint not null check (amount_paise > 0),
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'granted', 'rejected')),
  requested_by uuid not null references users(id),
  approved_by uuid references users(id),
  bonus_id uuid,
  created_at timestamptz not null,
  decided_at timestamptz
);

create table player_bonuses (
  id uuid primary key default gen_random_uuid(),
  seq bigserial,
  user_id uuid not null references users(id),
  offer_id uuid not null references bonus_offers(id),
  offer_name text not null,
  kind text not null check (kind in ('welcome', 'deposit', 'manual')),
  amount_paise bigint not null check (amount_paise > 0),
  wagering_multiple_h integer not null,
  wagering_required_paise bigint not null check (wagering_required_paise >= 0),
  wagering_progress_paise bigint not null default 0 check (wagering_progress_paise >= 0),
  min_odds_h integer not null,
  contributions jsonb not null,
  max_conversion_paise bigint,
  days_to_complete integer not null,
  status text not null check (status in ('offered', 'active', 'completed', 'claimed', 'forfeited', 'expired')),
  -- One grant per natural event (a deposit, a manual grant): the same event never grants twice.
  grant_key text not null unique,
  -- welcome: 'welcome'; deposit: 'once' / 'daily:<India date>' / 'weekly:<India Sunday>'; manual: null.
  grant_period text,
  deposit_id uuid,
  grant_id uuid references bonus_grants(id),
  granted_by uuid references users(id),
  grant_reason text,
  activate_by timestamptz not null,
  complete_by timestamptz,
  created_at timestamptz not null,
  activated_at timestamptz,
  completed_at timestamptz,
  closed_at timestamptz,
  converted_paise bigint,
  removed_paise bigint
);
-- One running bonus (active or completed, so still holding the bonus wallet) per player.
create unique index player_bonuses_one_running_idx on player_bonuses (user_id) where status in ('active', 'completed');
create unique index player_bonuses_period_idx on player_bonuses (user_id, offer_id, grant_period) where grant_period is not null;
create index player_bonuses_user_idx on player_bonuses (user_id, seq);
create index player_bonuses_due_idx on player_bonuses (status, activate_by, complete_by);

create table bonus_wagering (
  id bigserial primary key,
  bonus_id uuid not null references player_bonuses(id),
  user_id uuid not null references users(id),
  source text not null check (source in ('sports', 'casino')),
  reference text not null,
  description text not null,
  product text not null check (product in ('exchange', 'bookmaker', 'fancy', 'slots', 'liveCasino')),
  amount_at_risk_paise bigint not null check (amount_at_risk_paise >= 0),
  odds_h integer,
  contribution_bp integer not null,
  counted_paise bigint not null check (counted_paise >= 0),
  status text not null check (status in ('counted', 'below_min_odds', 'voided')),
  updated_at timestamptz not null,
  unique (source, reference)
);
create index bonus_wagering_bonus_idx on bonus_wagering (bonus_id, id);

create table referral_settings (
  id boolean primary key default true check (id),
  rate_bp integer not null default 500 check (rate_bp between 0 and 5000),
  cap_per_player_week_paise bigint not null default 500000 check (cap_per_player_week_paise >= 0),
  min_claim_paise bigint not null default 10000 check (min_claim_paise >= 0),
  first_deposit_reward_paise bigint not null default 0 check (first_deposit_reward_paise >= 0),
  updated_at timestamptz not null default now()
);
insert into referral_settings (id) values (true);

-- A device the player app identified itself with (X-Device-Id), kept as a hash.
create table user_devices (
  user_id uuid not null references users(id),
  fingerprint_hash text not null,
  first_seen_at timestamptz not null,
  primary key (user_id, fingerprint_hash)
);
create index user_devices_hash_idx on user_devices (fingerprint_hash);

-- Referral pairs refused for abuse, once per pair and reason.
create table referral_flags (
  id uuid primary key default gen_random_uuid(),
  referrer_id uuid not null references users(id),
  referred_id uuid not null references users(id),
  reason text not null check (reason in ('shared_upi', 'shared_bank_account', 'shared_device')),
  detail text not null,
  created_at timestamptz not null,
  unique (referrer_id, referred_id, reason)
);

-- One row per referrer, referred player and India week (Sunday date): written once, never updated.
create table referral_earnings (
  id uuid primary key default gen_random_uuid(),
  referrer_id uuid not null references users(id),
  referred_id uuid not null references users(id),
  week_start date not null,
  net_loss_paise bigint not null check (net_loss_paise >= 0),
  earned_paise bigint not null check (earned_paise >= 0),
  capped boolean not null,
  status text not null check (status in ('paid', 'refused')),
  refused_reason text,
  journal_transaction_id bigint references journal_transactions(id),
  created_at timestamptz not null,
  unique (referrer_id, referred_id, week_start)
);
create index referral_earnings_week_idx on referral_earnings (week_start);

-- The weeks the job has finished, so a restart starts where it stopped.
create table referral_weeks_done (
  week_start date primary key,
  done_at timestamptz not null
);

insert into ledger_accounts (kind, ref, is_player)
select 'house_cash', ref, false from unnest(array['bonus', 'referral']) as ref
on conflict (kind, ref) where user_id is null do nothing;
`;
