/**
 * Decision 0080: a market's lane meeting a player reads their live bets on that market (the open ones
 * whole, the rest counted) rather than every live bet with its fills. This index holds exactly those
 * rows, so the read costs the player's live bets there, whatever the market's or the player's size
 * elsewhere (the market's index alone scanned every live bet on the market when the statistics lagged).
 */
export default /* sql */ `
create index bets_player_market_live_idx on bets (user_id, market_id) where status in ('pending', 'unmatched', 'matched');
`;
