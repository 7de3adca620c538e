/**
 * The built-in Hub88 simulator's own books (decision 0046): the game sessions it opened from the
 * operator's game-URL calls, and every wallet transaction it sent with what the operator answered.
 * It keeps them as the real aggregator keeps its own; its transactions report reads them.
 *
 * And our daily reconciliation with the aggregator: per India day, what each side counted and every
 * difference between our wallet transactions and its transactions report (a report, rerun at will).
 */
export default /* sql */ `
create table hub88_sim_sessions (
  token text primary key,
  user_id text not null,
  game_code text not null,
  currency text not null,
  created_at timestamptz not null
);

create table hub88_sim_transactions (
  transaction_uuid text primary key,
  reference_transaction_uuid text,
  user_id text not null,
  round text not null,
  game_code text not null,
  type text not null check (type in ('bet', 'win', 'rollback')),
  amount bigint not null check (amount >= 0),
  currency text not null,
  status text not null check (status in ('TS_SUCCESS', 'TS_DECLINED', 'TS_PENDING')),
  answer text,
  attempts integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index hub88_sim_transactions_created_idx on hub88_sim_transactions (created_at);
create index hub88_sim_transactions_pending_idx on hub88_sim_transactions (status) where status = 'TS_PENDING';

create table hub88_reconciliations (
  day date primary key,
  ran_at timestamptz not null,
  ours integer not null,
  theirs integer not null,
  matched integer not null,
  differences jsonb not null
);
`;
