/**
 * Money from the top of the tree waits for a second operator (issue 24, PRODUCT.md §9, decision 0044).
 * Chips, credit and settlements given by the house (a DIRECTOR or SUPPORT_ADMIN acting where no agent
 * stands above the account) count in the operators' solo totals (`operator_solo_totals`, migration 0007);
 * a move that takes the total above the line becomes a request here, and nothing moves until a
 * different operator approves it. A request is decided once (`status` leaves 'pending' once).
 *
 * Chips given to a player count as a deposit for the player's own deposit limits: the index finds the
 * chips postings to one account since a period's start without reading its whole journal.
 */
export default /* sql */ `
create table house_money_requests (
  id uuid primary key default gen_random_uuid(),
  seq bigserial,
  kind text not null check (kind in ('chips', 'credit', 'settlement')),
  action text not null check (action in ('give', 'take', 'settle')),
  target_id uuid not null references users(id),
  amount_paise bigint not null check (amount_paise > 0),
  note text,
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
  requested_by uuid not null references users(id),
  decided_by uuid references users(id),
  created_at timestamptz not null,
  decided_at timestamptz,
  check ((kind = 'settlement') = (action = 'settle')),
  check ((status = 'pending') = (decided_by is null))
);
create index house_money_requests_target_idx on house_money_requests (target_id, seq);
create index house_money_requests_pending_idx on house_money_requests (seq) where status = 'pending';
create index journal_transactions_chips_target_idx on journal_transactions ((details->>'targetId'), created_at)
  where kind = 'agent_chips';
`;
