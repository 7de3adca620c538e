/**
 * Issue 9, separation of duties and four eyes (decision 0010):
 * - operator_solo_totals: per operator, per player and per India day, the money that operator moved
 *   on their own authority (deposits approved, withdrawals paid, adjustments applied without a
 *   second operator). The second-approval line applies to this running total, so splitting an
 *   amount into smaller actions still asks for a second operator.
 * - market_result_declarations: results waiting for a different operator (maker-checker), with the
 *   result they replace for a correction.
 * - sports_desk_settings: the switch that makes declarations wait for confirmation.
 */
export default /* sql */ `
create table operator_solo_totals (
  operator_id uuid not null references users(id),
  user_id uuid not null references users(id),
  india_date date not null,
  amount_paise bigint not null default 0 check (amount_paise >= 0),
  primary key (operator_id, user_id, india_date)
);

create table market_result_declarations (
  id uuid primary key default gen_random_uuid(),
  market_id uuid not null references markets(id),
  kind text not null check (kind in ('settle', 'correct')),
  result jsonb not null,
  previous_result jsonb,
  reason text,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
  declared_by uuid not null references users(id),
  declared_at timestamptz not null,
  decided_by uuid references users(id),
  decided_at timestamptz,
  decision_reason text
);
-- At most one result waits per market.
create unique index market_result_declarations_pending_idx on market_result_declarations (market_id) where status = 'pending';

create table sports_desk_settings (
  id integer primary key check (id = 1),
  results_need_confirmation boolean not null default false,
  updated_by uuid references users(id),
  updated_at timestamptz not null default now()
);
`;
