/**
 * The ledger's triggers once per statement, not once per entry (issue 10,
 * docs/decisions/0028-batched-ledger-and-casino-wallet.md). The guarantees of 0002 and 0019 are kept:
 *
 * - Cached balances: one statement-level trigger reads the inserted entries (a transition table), sums
 *   them per owned account, locks those accounts in id order (two batches never deadlock; NO KEY UPDATE, the lock an
 *   UPDATE of a balance takes, so it does not wait for the foreign-key checks' KEY SHARE) and updates
 *   each once. The CHECK `available_balance_never_negative` still refuses an overdraw, now on the net
 *   change of the statement for each account (a batch is judged by where it leaves each wallet).
 * - Sum zero: a statement's entries are summed per journal transaction in memory. A transaction whose
 *   entries in this statement sum to zero is balanced (every path of the product writes a whole
 *   transaction in one statement). Only a transaction left unbalanced by a statement (entries written
 *   one by one) is noted in `journal_unbalanced`, whose deferred constraint trigger checks it at commit
 *   exactly as before: an unbalanced transaction still never commits.
 * - Provider limits: the stripes of 0019 move once per limited account per statement, by its net delta.
 */
export default /* sql */ `
drop trigger journal_entries_apply on journal_entries;
drop trigger journal_entries_balanced on journal_entries;
drop trigger journal_entries_limit on journal_entries;

create function journal_entries_apply_batch() returns trigger language plpgsql as $$
begin
  perform 1 from ledger_accounts
    where is_player and id in (select distinct account_id from added) order by id for no key update;
  update ledger_accounts a set balance_paise = a.balance_paise + d.delta
    from (select account_id, sum(amount_paise)::bigint as delta from added group by account_id) d
    where a.id = d.account_id and a.is_player and d.delta <> 0;
  return null;
end;
$$;
create trigger journal_entries_apply_batch after insert on journal_entries
  referencing new table as added for each statement execute function journal_entries_apply_batch();

create table journal_unbalanced (
  transaction_id bigint not null
);

create function journal_unbalanced_check() returns trigger language plpgsql as $$
declare
  total bigint;
begin
  select coalesce(sum(amount_paise), 0) into total from journal_entries where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'journal transaction % does not balance (sum %)', new.transaction_id, total using errcode = 'P0002';
  end if;
  delete from journal_unbalanced where transaction_id = new.transaction_id;
  return null;
end;
$$;
create constraint trigger journal_unbalanced_at_commit after insert on journal_unbalanced
  deferrable initially deferred for each row execute function journal_unbalanced_check();

create function journal_entries_balanced_batch() returns trigger language plpgsql as $$
begin
  insert into journal_unbalanced (transaction_id)
  select transaction_id from added group by transaction_id having sum(amount_paise) <> 0;
  return null;
end;
$$;
create trigger journal_entries_balanced_batch after insert on journal_entries
  referencing new table as added for each statement execute function journal_entries_balanced_batch();

create function journal_entries_limit_batch() returns trigger language plpgsql as $$
declare
  moved record;
begin
  for moved in
    select account_id, sum(amount_paise)::bigint as delta from added
    where account_id in (select account_id from ledger_account_limits)
    group by account_id having sum(amount_paise) <> 0 order by account_id
  loop
    perform ledger_limit_move(moved.account_id, moved.delta);
  end loop;
  return null;
end;
$$;
create trigger journal_entries_limit_batch after insert on journal_entries
  referencing new table as added for each statement execute function journal_entries_limit_batch();

drop function journal_entry_apply();
drop function journal_transaction_balanced();
drop function ledger_limit_entry();
`;
