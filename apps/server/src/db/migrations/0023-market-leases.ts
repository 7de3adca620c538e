/**
 * One writer per market across processes (issue 10 stage 2, docs/decisions/0034-market-lease-and-forwarding.md).
 *
 * A process (its owner id is random per boot) holds a market's lease until `expires_at`; it renews
 * all its leases in one statement every few seconds and deletes them on a graceful stop. Another
 * process takes a lease only once it has expired. Times are the database's clock, never a process's.
 */
export default /* sql */ `
create table market_leases (
  market_id uuid primary key references markets(id),
  owner text not null,
  expires_at timestamptz not null
);
create index market_leases_owner on market_leases (owner);
`;
