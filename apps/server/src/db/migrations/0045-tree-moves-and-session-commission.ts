/**
 * Issue 28, decision 0066.
 *
 * - A client or a whole subtree moves to another upline: a director asks, a second operator confirms
 *   (`tree_moves`). The move takes effect in the tree at once; the weekly statements follow it from the
 *   India week after the confirmation (`effective_week`, a Monday), so the running week and every week
 *   before keep the tree their results were struck in.
 * - Session commission: a rate on the fancy and bookmaker turnover of an agent's downline, set by its
 *   upline and changing from the next week like partnership (a column beside it).
 */
export default /* sql */ `
create table tree_moves (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  from_upline_id uuid not null references users(id),
  to_upline_id uuid not null references users(id),
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
  requested_by uuid not null references users(id),
  created_at timestamptz not null,
  decided_by uuid references users(id),
  decided_at timestamptz,
  decision_note text,
  effective_week date check (extract(isodow from effective_week) = 1),
  check (from_upline_id <> to_upline_id),
  check ((status = 'confirmed') = (effective_week is not null)),
  check ((status = 'pending') = (decided_by is null))
);
create unique index tree_moves_one_pending on tree_moves (user_id) where status = 'pending';
create index tree_moves_confirmed on tree_moves (user_id, effective_week) where status = 'confirmed';

alter table agent_rates add column session_commission_bp integer not null default 0
  check (session_commission_bp between 0 and 10000);
alter table agent_rate_weeks add column session_commission_bp integer not null default 0
  check (session_commission_bp between 0 and 10000);
`;
