/**
 * Human wording for the exchange's machine codes, shared by the bet slip and My Bets: why a market is
 * suspended (BALL_RUNNING → "Ball running") and why a delayed bet lapsed (PRODUCT.md §4).
 */
const LAPSE_REASONS: Record<string, string> = {
  MARKET_SUSPENDED: 'The market was suspended during the bet delay',
  MARKET_CLOSED: 'The market closed during the bet delay',
  MARKET_VERSION_CHANGED: 'The market changed during the bet delay',
  PRICE_MOVED: 'The price moved during the bet delay',
  ODDS_CHANGED: 'The odds changed during the bet delay',
  WALLET_INSUFFICIENT_FUNDS: 'Insufficient balance',
  ABOVE_MAX_PROFIT: 'This bet could win more than the market allows',
  MARKET_IN_PLAY: 'The market went in play',
  IN_PLAY: 'The market went in play',
  SETTLED: 'The market was settled',
};

const humanise = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function lapseReasonText(code: string | null | undefined): string {
  if (!code) return 'The bet lapsed';
  return LAPSE_REASONS[code] ?? humanise(code);
}

/** "Ball running", "Suspended", … for a suspended market's overlay. */
export function suspendText(reason: string | null | undefined): string {
  if (!reason) return 'Suspended';
  return humanise(reason);
}
