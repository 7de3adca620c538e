/**
 * Operators' second factor (TOTP, RFC 6238) with one-time recovery codes, the session's record of
 * having passed it, the demo director's exemption, and the audit log's user agent and filter indexes.
 */
export default /* sql */ `
-- One authenticator per operator. secret is the base32 TOTP secret, AES-256-GCM sealed when
-- SECOND_FACTOR_KEY is configured ('gcm:...'), else stored as 'plain:...'; it never leaves the server
-- after enrolment. confirmed_at is null while enrolment waits for its first code. last_step is the
-- newest 30-second step a code was accepted for: a code of that step or an earlier one is a replay.
create table operator_second_factors (
  user_id uuid primary key references users(id),
  secret text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  last_step bigint
);

-- Ten per enrolment, stored as SHA-256 (they carry 50 bits of randomness), each spent once.
create table operator_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz
);
create index operator_recovery_codes_user_idx on operator_recovery_codes (user_id) where used_at is null;

-- Only the demo director a fresh play-mode start creates is listed here (and honoured in play mode only).
create table second_factor_exemptions (
  user_id uuid primary key references users(id),
  reason text not null,
  created_at timestamptz not null
);

-- When this session passed the second factor; null: back-office routes refuse it.
alter table sessions add column second_factor_at timestamptz;

alter table audit_log add column user_agent text;
create index audit_log_actor_idx on audit_log (actor_id, seq desc);
create index audit_log_action_idx on audit_log (action, seq desc);
create index audit_log_created_at_idx on audit_log (created_at);
`;
