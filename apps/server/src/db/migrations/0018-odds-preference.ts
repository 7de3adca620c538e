/**
 * The player's odds-change preference for bookmaker and fancy bets (issue 13, decision 0023). A player
 * without a row takes bets at the exact price only, as before.
 */
export default /* sql */ `
create table odds_preferences (
  user_id uuid primary key references users(id),
  mode text not null check (mode in ('exact', 'better', 'ticks')),
  ticks integer check (ticks between 1 and 20),
  updated_at timestamptz not null default now(),
  constraint odds_preferences_ticks_with_mode check ((mode = 'ticks') = (ticks is not null))
);
`;
