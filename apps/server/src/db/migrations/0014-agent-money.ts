/**
 * Agents' money (PRODUCT.md §9, docs/decisions/0019-agent-chips-and-credit.md).
 *
 * - A cash agent's chips (`agent_chips`) and a credit agent's undistributed credit (`agent_credit`) are
 *   journal accounts owned by the agent. Like a player's wallet they keep a cached balance with the
 *   same CHECK (`available_balance_never_negative`), so the DATABASE refuses an agent giving more chips
 *   or credit than it holds, under any concurrency. `is_player` now means "an account a user owns, with
 *   a cached, never-negative balance".
 * - `credit_issuer` is where the house's credit comes from; `credit_settlement` (one per settling agent,
 *   ref = its id) records cash that changed hands outside the product when an agent settles a player.
 * - `credit_lines` keeps each credit account's credit reference, changed only in the transaction that
 *   posts the credit movement (its journal lines carry the same amount).
 * - A receiving account may belong to an agent (`owner_id`): its players pay into it.
 */
export default /* sql */ `
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in (
  'player_main', 'player_bonus', 'player_referral', 'agent_chips', 'agent_credit',
  'play_chips_issuer', 'house_cash', 'clearing_bank', 'clearing_upi', 'withdrawal_hold', 'commission', 'market_pool', 'casino_house',
  'credit_issuer', 'credit_settlement'
));

do $$
declare
  name text;
begin
  for name in
    select conname from pg_constraint
    where conrelid = 'ledger_accounts'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%is_player = (kind%'
  loop
    execute format('alter table ledger_accounts drop constraint %I', name);
  end loop;
end;
$$;
alter table ledger_accounts add constraint ledger_accounts_owned_kinds
  check (is_player = (kind in ('player_main', 'player_bonus', 'player_referral', 'agent_chips', 'agent_credit')));
alter table ledger_accounts add constraint ledger_accounts_agent_no_exposure
  check (kind not in ('agent_chips', 'agent_credit') or exposure_paise = 0);

create table credit_lines (
  user_id uuid primary key references users(id),
  credit_ref_paise bigint not null default 0 check (credit_ref_paise >= 0),
  updated_at timestamptz not null default now()
);

alter table receiving_accounts add column owner_id uuid references users(id);
create index receiving_accounts_owner_idx on receiving_accounts (owner_id) where owner_id is not null;

insert into ledger_accounts (kind, ref, is_player) values ('credit_issuer', '', false)
on conflict (kind, ref) where user_id is null do nothing;
`;
