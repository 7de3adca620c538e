/** Users, sessions, OTPs, the SMS outbox, throttling events, branding, media, banners, audit log. */
export default /* sql */ `
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  username text not null unique,
  mobile_no text not null unique,
  password_hash text not null,
  role smallint not null check (role between 1 and 6),
  wallet char(1) not null default '1' check (wallet in ('1', '2')),
  phone_verified_at timestamptz,
  age_confirmed_at timestamptz not null,
  referral_code text not null unique,
  referred_by uuid references users(id),
  referral_allow boolean not null default true,
  allow_home boolean not null default true,
  allow_live_casino boolean not null default true,
  allow_slots boolean not null default true,
  allow_statements boolean not null default true,
  allow_profit_loss boolean not null default true,
  suspended_at timestamptz,
  suspended_reason text,
  self_excluded_until timestamptz,
  created_at timestamptz not null default now(),
  last_login_at timestamptz
);
create index users_created_at_idx on users (created_at desc);

-- Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no usable token.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text,
  ip text,
  user_agent text
);
create index sessions_live_by_user_idx on sessions (user_id) where revoked_at is null;

-- One-time codes: stored as an HMAC, single use, bound to a purpose, with an attempt counter.
create table otp_codes (
  id uuid primary key default gen_random_uuid(),
  mobile_no text not null,
  purpose text not null check (purpose in ('verify', 'reset')),
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index otp_codes_lookup_idx on otp_codes (mobile_no, purpose, created_at desc);

create table sms_outbox (
  id bigserial primary key,
  mobile_no text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index sms_outbox_mobile_idx on sms_outbox (mobile_no, id desc);

-- Sliding-window counters for throttling (OTP sends, OTP failures, login failures), shared by every process.
create table throttle_events (
  id bigserial primary key,
  bucket text not null,
  key text not null,
  created_at timestamptz not null default now()
);
create index throttle_events_lookup_idx on throttle_events (bucket, key, created_at);

create table media (
  id uuid primary key default gen_random_uuid(),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
  bytes bytea not null,
  sha256 text not null,
  created_at timestamptz not null default now()
);

create table site_settings (
  id smallint primary key default 1 check (id = 1),
  site_name text not null,
  color text not null,
  logo_media_id uuid references media(id),
  favicon_media_id uuid references media(id),
  updated_at timestamptz not null default now()
);

create table banners (
  id uuid primary key default gen_random_uuid(),
  media_id uuid not null references media(id),
  sort_order integer not null,
  created_at timestamptz not null default now()
);

-- Every operator action on money or permissions, never changed afterwards (PRODUCT.md §7).
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  -- Insertion order, so entries written in the same instant still list in the order they happened.
  seq bigint generated always as identity,
  actor_id uuid references users(id),
  action text not null,
  target_type text not null,
  target_id text,
  details jsonb not null default '{}'::jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index audit_log_seq_idx on audit_log (seq desc);
create index audit_log_target_idx on audit_log (target_id, seq desc);

create function refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = 'P0001';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function refuse_change();
`;
