/**
 * The market writer's command log (issue 10, docs/decisions/0027-market-writer.md).
 *
 * The exchange book is no longer rewritten whole into the market row per bet. Every engine command a
 * market's writer applies is appended here (one multi-row INSERT per group commit); every few hundred
 * commands the writer saves a snapshot into `markets.book_snapshot` with the engine sequence it holds
 * in `markets.book_seq`, and the commands up to it are dropped. A process that takes the market over
 * rebuilds the book exactly: the snapshot, then the commands after `book_seq` replayed through the
 * deterministic engine.
 */
export default /* sql */ `
create table market_commands (
  market_id uuid not null references markets(id),
  seq bigint not null,
  command jsonb not null,
  primary key (market_id, seq)
);

alter table markets add column book_seq bigint not null default 0;
update markets set book_seq = coalesce((book_snapshot->>'lastSeq')::bigint, 0) where book_snapshot is not null;
`;
