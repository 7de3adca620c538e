/**
 * Casino wallet hardening (issue 9, docs/decisions/0013-casino-wallet-limits-and-bad-input.md):
 *
 * - A launch session records the wallet and currency it was opened for: a provider may debit or read a
 *   player only through a live session of its own, and only in that wallet and currency.
 * - Each provider has a net payout limit: how far its `casino_house` account (stakes in, winnings and
 *   returns out) may fall below zero. The LEDGER enforces it: `ledger_account_limits` keeps a running
 *   balance of every limited account, updated by a trigger on every journal entry, with a CHECK that the
 *   balance never falls below the floor. A provider's limit is copied into its account's floor by a
 *   trigger, and any casino_house account made later gets a floor at once (0 when no provider names it),
 *   so no provider account can ever pay out without bound, whatever code posts to it.
 */
export default /* sql */ `
alter table casino_sessions add column wallet text check (wallet in ('main', 'bonus'));
alter table casino_sessions add column currency text not null default 'INR' check (currency ~ '^[A-Z]{3}$');
create index casino_sessions_live_idx on casino_sessions (user_id, provider_id, created_at desc);

-- ₹1,00,00,000 (one crore) by default; at most ₹100 crore.
alter table casino_providers add column net_payout_limit_paise bigint not null default 1000000000
  check (net_payout_limit_paise > 0 and net_payout_limit_paise <= 100000000000);

create table ledger_account_limits (
  account_id bigint primary key references ledger_accounts(id),
  floor_paise bigint not null check (floor_paise <= 0),
  balance_paise bigint not null,
  constraint ledger_account_limit_reached check (balance_paise >= floor_paise)
);

-- Every provider gets its account now, and every existing casino account its limit row (the floor never
-- above what it has already paid out, so the history stays valid).
insert into ledger_accounts (kind, ref, is_player)
select 'casino_house', code, false from casino_providers
on conflict (kind, ref) where user_id is null do nothing;

insert into ledger_account_limits (account_id, floor_paise, balance_paise)
select a.id,
       least(-coalesce(p.net_payout_limit_paise, 0), coalesce(s.total, 0), 0),
       coalesce(s.total, 0)
from ledger_accounts a
left join casino_providers p on p.code = a.ref
left join (select account_id, sum(amount_paise)::bigint as total from journal_entries group by account_id) s on s.account_id = a.id
where a.kind = 'casino_house' and a.user_id is null;

create function ledger_account_limit_apply() returns trigger language plpgsql as $$
begin
  update ledger_account_limits set balance_paise = balance_paise + new.amount_paise where account_id = new.account_id;
  return new;
end;
$$;
create trigger journal_entries_limit after insert on journal_entries
  for each row execute function ledger_account_limit_apply();

create function casino_house_account_limit() returns trigger language plpgsql as $$
begin
  if new.kind = 'casino_house' then
    insert into ledger_account_limits (account_id, floor_paise, balance_paise)
    values (new.id, -coalesce((select net_payout_limit_paise from casino_providers where code = new.ref), 0), 0)
    on conflict (account_id) do nothing;
  end if;
  return new;
end;
$$;
create trigger ledger_accounts_casino_limit after insert on ledger_accounts
  for each row execute function casino_house_account_limit();

create function casino_provider_limit_sync() returns trigger language plpgsql as $$
begin
  insert into ledger_accounts (kind, ref, is_player) values ('casino_house', new.code, false)
  on conflict (kind, ref) where user_id is null do nothing;
  update ledger_account_limits set floor_paise = -new.net_payout_limit_paise
  where account_id = (select id from ledger_accounts where kind = 'casino_house' and ref = new.code and user_id is null);
  return new;
end;
$$;
create trigger casino_providers_limit after insert or update of net_payout_limit_paise on casino_providers
  for each row execute function casino_provider_limit_sync();
`;
