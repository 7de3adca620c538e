/**
 * One version number for every downline limit and block (decisions 0020, 0039). The market writer
 * keeps the rules it read while this number is unchanged; a statement-level trigger on both tables
 * moves it on every insert, update, delete or truncate. It replaces a fingerprint of row counts and
 * the newest `xmin`, which missed an update by an older transaction that committed after a newer one,
 * and which every group commit computed by scanning both tables. Read `for share`, it is also the
 * newest committed number whatever the reader's snapshot, and a change waits for the commits that
 * read the old one.
 */
export default /* sql */ `
create table downline_limits_version (
  id boolean primary key default true check (id),
  version bigint not null
);
insert into downline_limits_version (id, version) values (true, 1);

create function downline_limits_bump() returns trigger language plpgsql as $$
begin
  update downline_limits_version set version = version + 1 where id;
  return null;
end
$$;

create trigger downline_bet_limits_version after insert or update or delete or truncate on downline_bet_limits
  for each statement execute function downline_limits_bump();
create trigger downline_bet_blocks_version after insert or update or delete or truncate on downline_bet_blocks
  for each statement execute function downline_limits_bump();
`;
