/**
 * The provider payout limit without a hot row (issue 10, docs/decisions/0017-second-slot-and-fast-casino-wallet.md).
 *
 * Migration 0010 kept one running balance per limited account in `ledger_account_limits`, updated by a
 * trigger on every journal entry: every casino callback of a provider wrote that one row, so they all
 * queued behind each other. Now the account's HEADROOM (balance − floor, never negative) is split over
 * 16 stripes, `ledger_limit_stripes`, each with its own CHECK (headroom ≥ 0):
 *
 * - An entry goes to the stripe of its database connection (pg_backend_pid() % 16): a stake adds to
 *   it, a payout takes from it if that stripe alone has the room. Connections write different rows, so
 *   callbacks no longer serialise.
 * - A payout its stripe cannot cover takes the slow path: it locks all 16 stripes (in stripe order, so
 *   two slow paths never deadlock; the failed try is rolled back first, so it holds none), sums them — the exact headroom, since no one else can change a
 *   locked stripe — refuses with `ledger_account_limit_reached` only when the whole headroom cannot
 *   cover it, and otherwise spreads what is left evenly over the stripes.
 * - The sum of the stripes always equals balance − floor, and every stripe is ≥ 0, so the balance never
 *   falls below the floor, under any concurrency; and a payout is refused only when the account's real
 *   headroom is too small. The limit stays exact.
 * - Changing a floor (a provider's limit) moves the headroom by the difference, through the same path.
 *
 * `ledger_account_limits` keeps only the floor; the balance is floor + Σ stripes.
 */
export default /* sql */ `
create table ledger_limit_stripes (
  account_id bigint not null references ledger_accounts(id),
  stripe smallint not null check (stripe between 0 and 15),
  headroom_paise bigint not null,
  primary key (account_id, stripe),
  constraint ledger_limit_stripe_headroom check (headroom_paise >= 0)
);

-- Spreads a headroom over the 16 stripes (the first ones take the remainder).
create function ledger_limit_spread(account bigint, total bigint) returns void language sql as $$
  insert into ledger_limit_stripes (account_id, stripe, headroom_paise)
  select account, s, total / 16 + case when s < total % 16 then 1 else 0 end from generate_series(0, 15) s
  on conflict (account_id, stripe) do update set headroom_paise = excluded.headroom_paise;
$$;

select ledger_limit_spread(account_id, balance_paise - floor_paise) from ledger_account_limits;

drop trigger journal_entries_limit on journal_entries;
drop function ledger_account_limit_apply();
alter table ledger_account_limits drop constraint ledger_account_limit_reached;
alter table ledger_account_limits drop column balance_paise;

-- The slow path: all stripes locked in order, the exact headroom summed, refused or spread evenly.
create function ledger_limit_rebalance(account bigint, delta bigint) returns void language plpgsql as $$
declare
  total bigint;
begin
  perform 1 from ledger_limit_stripes where account_id = account order by stripe for update;
  if not found then return; end if; -- not a limited account
  select sum(headroom_paise) into total from ledger_limit_stripes where account_id = account;
  if total + delta < 0 then
    raise exception 'ledger_account_limit_reached: account % has % paise of headroom, % asked', account, total, -delta using errcode = '23514';
  end if;
  perform ledger_limit_spread(account, total + delta);
end;
$$;

-- Moves an account's headroom by delta: on the connection's own stripe when it can, else the slow path.
-- The try runs in a subtransaction that is rolled back when it fails: in READ COMMITTED an UPDATE that
-- waited for a concurrent writer and then failed its re-check keeps that row LOCKED, and holding one
-- stripe while the slow path waits for the others in order would deadlock with another slow path.
create function ledger_limit_move(account bigint, delta bigint) returns void language plpgsql as $$
begin
  begin
    update ledger_limit_stripes set headroom_paise = headroom_paise + delta
    where account_id = account and stripe = pg_backend_pid() % 16 and headroom_paise + delta >= 0;
    if found then return; end if;
    raise exception using errcode = 'KL001';
  exception when sqlstate 'KL001' then
    null; -- the subtransaction is rolled back: no stripe stays locked
  end;
  perform ledger_limit_rebalance(account, delta);
end;
$$;

create function ledger_limit_entry() returns trigger language plpgsql as $$
begin
  perform ledger_limit_move(new.account_id, new.amount_paise);
  return new;
end;
$$;
create trigger journal_entries_limit after insert on journal_entries
  for each row execute function ledger_limit_entry();

create function ledger_limit_floor() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    -- A new limited account: its balance is what its entries already say.
    perform ledger_limit_spread(new.account_id, coalesce((select sum(amount_paise) from journal_entries where account_id = new.account_id), 0)::bigint - new.floor_paise);
    if exists (select 1 from ledger_limit_stripes where account_id = new.account_id and headroom_paise < 0) then
      raise exception 'ledger_account_limit_reached: account % is already below its floor', new.account_id using errcode = '23514';
    end if;
  elsif new.floor_paise <> old.floor_paise then
    -- Rare (an operator's change): spread the new headroom evenly over the stripes.
    perform ledger_limit_rebalance(new.account_id, old.floor_paise - new.floor_paise);
  end if;
  return new;
end;
$$;
create trigger ledger_account_limits_floor after insert or update of floor_paise on ledger_account_limits
  for each row execute function ledger_limit_floor();

create or replace function casino_house_account_limit() returns trigger language plpgsql as $$
begin
  if new.kind = 'casino_house' then
    insert into ledger_account_limits (account_id, floor_paise)
    values (new.id, -coalesce((select net_payout_limit_paise from casino_providers where code = new.ref), 0))
    on conflict (account_id) do nothing;
  end if;
  return new;
end;
$$;
`;
