/**
 * The double-entry journal (PRODUCT.md §4). Entries are immutable and every transaction sums to zero
 * (checked at commit). Player wallet balances are cached on their account row by a trigger, and a CHECK
 * on that row makes a negative available balance (balance + exposure) impossible under any concurrency.
 * House-side accounts keep no cached balance, so no single row is written by every posting; their
 * balance is the sum of their entries.
 */
export default /* sql */ `
create table ledger_accounts (
  id bigserial primary key,
  kind text not null check (kind in (
    'player_main', 'player_bonus', 'player_referral',
    'play_chips_issuer', 'house_cash', 'clearing_bank', 'clearing_upi', 'commission', 'market_pool', 'casino_house'
  )),
  user_id uuid references users(id),
  ref text not null default '',
  is_player boolean not null,
  balance_paise bigint not null default 0,
  exposure_paise bigint not null default 0 check (exposure_paise <= 0),
  created_at timestamptz not null default now(),
  check (is_player = (kind in ('player_main', 'player_bonus', 'player_referral'))),
  check (is_player = (user_id is not null)),
  constraint available_balance_never_negative check (not is_player or balance_paise + exposure_paise >= 0),
  check (is_player or (balance_paise = 0 and exposure_paise = 0))
);
create unique index ledger_accounts_player_idx on ledger_accounts (user_id, kind) where user_id is not null;
create unique index ledger_accounts_house_idx on ledger_accounts (kind, ref) where user_id is null;

create table journal_transactions (
  id bigserial primary key,
  kind text not null,
  idempotency_key text unique,
  description text not null,
  actor_id uuid references users(id),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

create table journal_entries (
  id bigserial primary key,
  transaction_id bigint not null references journal_transactions(id),
  account_id bigint not null references ledger_accounts(id),
  amount_paise bigint not null check (amount_paise <> 0),
  created_at timestamptz not null default now()
);
create index journal_entries_account_idx on journal_entries (account_id, id);
create index journal_entries_transaction_idx on journal_entries (transaction_id);

create trigger journal_transactions_append_only before update or delete on journal_transactions
  for each row execute function refuse_change();
create trigger journal_entries_append_only before update or delete on journal_entries
  for each row execute function refuse_change();

create function journal_entry_apply() returns trigger language plpgsql as $$
begin
  update ledger_accounts set balance_paise = balance_paise + new.amount_paise
    where id = new.account_id and is_player;
  return new;
end;
$$;
create trigger journal_entries_apply after insert on journal_entries
  for each row execute function journal_entry_apply();

create function journal_transaction_balanced() returns trigger language plpgsql as $$
declare
  total bigint;
begin
  select coalesce(sum(amount_paise), 0) into total from journal_entries where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'journal transaction % does not balance (sum %)', new.transaction_id, total using errcode = 'P0002';
  end if;
  return null;
end;
$$;
create constraint trigger journal_entries_balanced after insert on journal_entries
  deferrable initially deferred for each row execute function journal_transaction_balanced();
`;
