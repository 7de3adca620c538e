/**
 * Indexes for the daily reports and the risk view (decision 0021): each report filters a time range
 * site-wide (or an agent's subtree), which the existing per-user indexes cannot serve, and a player's
 * sign-in history reads their sessions newest first, which only the live-session index covered.
 */
export default /* sql */ `
create index bets_settled_at_idx on bets (settled_at) where status = 'settled';
create index bets_created_at_idx on bets (created_at);
create index casino_rounds_finished_idx on casino_rounds ((coalesce(settled_at, created_at))) where status <> 'open';
create index casino_rounds_created_at_idx on casino_rounds (created_at);
create index deposit_requests_created_at_idx on deposit_requests (created_at);
create index withdrawal_requests_created_at_idx on withdrawal_requests (created_at);
create index sessions_user_created_idx on sessions (user_id, created_at desc);
create index market_exposures_market_idx on market_exposures (market_id);
`;
