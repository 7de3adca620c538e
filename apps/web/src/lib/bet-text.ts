import { msg, t } from './i18n/i18n';
/**
 * Human wording for the exchange's machine codes, shared by the bet slip and My Bets: why a market is
 * suspended (BALL_RUNNING → "Ball running") and why a delayed bet lapsed (PRODUCT.md §4).
 */
const LAPSE_REASONS: Record<string, string> = {
  MARKET_SUSPENDED: msg('The market was suspended during the bet delay'),
  MARKET_CLOSED: msg('The market closed during the bet delay'),
  MARKET_VERSION_CHANGED: msg('The market changed during the bet delay'),
  PRICE_MOVED: msg('The price moved during the bet delay'),
  ODDS_CHANGED: msg('The odds changed during the bet delay'),
  WALLET_INSUFFICIENT_FUNDS: msg('Insufficient balance'),
  ABOVE_MAX_PROFIT: msg('This bet could win more than the market allows'),
  MARKET_IN_PLAY: msg('The market went in play'),
  IN_PLAY: msg('The market went in play'),
  SETTLED: msg('The market was settled'),
};

const humanise = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function lapseReasonText(code: string | null | undefined): string {
  if (!code) return t('The bet lapsed');
  return t(LAPSE_REASONS[code] ?? humanise(code));
}

/** "Ball running", "Suspended", … for a suspended market's overlay. */
export function suspendText(reason: string | null | undefined): string {
  if (!reason) return t('Suspended');
  return t(humanise(reason));
}
