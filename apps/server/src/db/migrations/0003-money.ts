/**
 * Payment accounts, the operator's receiving accounts, deposit and withdrawal requests, deposit limits,
 * manual adjustments, idempotency keys; and the house accounts money moves through.
 */
export default /* sql */ `
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (
  'player_main', 'player_bonus', 'player_referral',
  'play_chips_issuer', 'house_cash', 'clearing_bank', 'clearing_upi', 'withdrawal_hold', 'commission', 'market_pool', 'casino_house'
));

-- Private media (deposit screenshots) are never served by the public image route.
alter table media add column private boolean not null default false;

-- A player's own UPI ids and bank accounts (deposit sources, withdrawal targets).
create table payment_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  type text not null check (type in ('upi', 'bank')),
  account_number text not null,
  account_holder_name text not null,
  ifsc_code text,
  bank_name text,
  account_type text check (account_type in ('savings', 'current')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (type = 'upi' or (ifsc_code is not null and bank_name is not null and account_type is not null))
);
create unique index payment_accounts_unique_idx on payment_accounts (user_id, type, lower(account_number));

-- The operator's accounts players pay into.
create table receiving_accounts (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type in ('upi', 'bank')),
  account_number text not null,
  account_holder_name text not null,
  ifsc_code text,
  bank_name text,
  account_type text check (account_type in ('savings', 'current')),
  active boolean not null default true,
  created_at timestamptz not null default now()
);

create table deposit_requests (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  user_id uuid not null references users(id),
  amount_paise bigint not null check (amount_paise > 0),
  receiving_account_id uuid not null references receiving_accounts(id),
  type text not null check (type in ('upi', 'bank')),
  txn_ref text,
  -- Normalised reference id: a UTR used once can never be used again, by anyone.
  txn_ref_key text unique,
  screenshot_media_id uuid references media(id),
  thumbnail_media_id uuid references media(id),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reason text,
  first_approved_by uuid references users(id),
  decided_by uuid references users(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  check (txn_ref is not null or screenshot_media_id is not null)
);
create index deposit_requests_user_idx on deposit_requests (user_id, created_at desc);
create index deposit_requests_status_idx on deposit_requests (status, seq);

create table withdrawal_requests (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  user_id uuid not null references users(id),
  amount_paise bigint not null check (amount_paise > 0),
  payment_account_id uuid not null references payment_accounts(id),
  -- The account as it was when the request was made: an edit later does not redirect a payout.
  account_snapshot jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reason text,
  first_approved_by uuid references users(id),
  decided_by uuid references users(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create index withdrawal_requests_user_idx on withdrawal_requests (user_id, created_at desc);
create index withdrawal_requests_status_idx on withdrawal_requests (status, seq);

create table deposit_limits (
  user_id uuid not null references users(id),
  period text not null check (period in ('daily', 'weekly', 'monthly')),
  amount_paise bigint check (amount_paise > 0),
  pending_amount_paise bigint check (pending_amount_paise > 0),
  pending_removal boolean not null default false,
  pending_effective_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (user_id, period)
);

create table adjustments (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  user_id uuid not null references users(id),
  wallet text not null check (wallet in ('main', 'bonus')),
  amount_paise bigint not null check (amount_paise <> 0),
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
  requested_by uuid not null references users(id),
  approved_by uuid references users(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create index adjustments_user_idx on adjustments (user_id, seq desc);

-- A money-moving request's first answer, kept with the change it made (same database transaction),
-- so a retry with the same Idempotency-Key replays it and a different body under that key is refused.
create table idempotency_keys (
  user_id uuid not null references users(id),
  key text not null,
  route text not null,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create index journal_transactions_created_idx on journal_transactions (created_at);
`;
