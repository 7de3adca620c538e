/**
 * Issue 24: what every back-office operation that changes something does with money. The
 * separation-of-duties test (src/plugins/separation-of-duties.test.ts) fails while an operation of the
 * OpenAPI document is missing here, so a new route that creates or moves money is a decision, never a
 * default; src/plugins/money-operations.test.ts then proves each class on the running app.
 */
export type MoneyEffect =
  /** Moves no money (the catalogue, the site, permissions, an agent's rates, a statement's settled mark). */
  | 'none'
  /**
   * Creates or pays out money on one operator's say: counted in that operator's total for the account
   * that India day (modules/four-eyes); the action that takes it above the line waits for a second
   * operator and moves nothing. (An agent's chips and credit inside its own book are the agent's.)
   */
  | 'four-eyes'
  /** Decides money someone else asked for (approve, reject, confirm): never its requester or the account's holder. */
  | 'decides'
  /** A market's result, void or correction: with bets on the market it waits for a second operator. */
  | 'maker-checker';

export const MONEY_EFFECTS: Record<string, MoneyEffect> = {
  'PUT /api/v1/backoffice/users/{id}': 'none',
  'POST /api/v1/backoffice/users/{id}/password': 'none',
  'POST /api/v1/backoffice/users/{id}/second-factor/reset': 'none',
  'POST /api/v1/backoffice/second-factor/enrolment': 'none',
  'POST /api/v1/backoffice/second-factor/enrolment/confirm': 'none',
  'POST /api/v1/backoffice/second-factor/verify': 'none',
  // A fresh authenticator code for this session's money actions (decision 0049): moves nothing itself.
  'POST /api/v1/backoffice/step-up': 'none',
  'POST /api/v1/backoffice/downline': 'none',
  'PUT /api/v1/backoffice/branding': 'none',
  'POST /api/v1/backoffice/banners': 'none',
  'PUT /api/v1/backoffice/banners/order': 'none',
  'PUT /api/v1/backoffice/banners/{id}': 'none',
  'DELETE /api/v1/backoffice/banners/{id}': 'none',
  'POST /api/v1/backoffice/announcements': 'none',
  'PUT /api/v1/backoffice/announcements/{id}': 'none',
  'DELETE /api/v1/backoffice/announcements/{id}': 'none',
  'POST /api/v1/backoffice/receiving-accounts': 'none',
  'PUT /api/v1/backoffice/receiving-accounts/{id}': 'none',
  'POST /api/v1/backoffice/agent-receiving-accounts': 'none',
  'PUT /api/v1/backoffice/agent-receiving-accounts/{id}': 'none',
  'POST /api/v1/backoffice/casino/providers': 'none',
  'PUT /api/v1/backoffice/casino/providers/{code}': 'none',
  'POST /api/v1/backoffice/casino/games': 'none',
  'PUT /api/v1/backoffice/casino/games/{id}': 'none',
  // Hub88's game list into the catalogue, and the daily comparison with its transactions report: both only read money.
  'POST /api/v1/backoffice/casino/hub88/import': 'none',
  'POST /api/v1/backoffice/casino/hub88/reconcile': 'none',
  'POST /api/v1/backoffice/sports': 'none',
  'POST /api/v1/backoffice/leagues': 'none',
  'POST /api/v1/backoffice/events': 'none',
  'PUT /api/v1/backoffice/events/{id}': 'none',
  'POST /api/v1/backoffice/markets': 'none',
  // A status change may cancel unmatched offers: their reserved exposure comes back, nothing is paid.
  'PUT /api/v1/backoffice/markets/{id}': 'none',
  'PUT /api/v1/backoffice/markets/{id}/bookmaker-rates': 'none',
  'PUT /api/v1/backoffice/markets/{id}/fancy-line': 'none',
  // The maker-checker switch itself: only a director changes it, audited.
  'PUT /api/v1/backoffice/sports-desk/settings': 'none',
  'POST /api/v1/backoffice/bonus-offers': 'none',
  'PUT /api/v1/backoffice/bonus-offers/{id}': 'none',
  'PUT /api/v1/backoffice/bonus-offers/{id}/pause': 'none',
  'PUT /api/v1/backoffice/referral-settings': 'none',
  // Rates shape future statements only (from the next India week); the mark records what changed hands outside.
  'PUT /api/v1/backoffice/users/{id}/partnership': 'none',
  'POST /api/v1/backoffice/users/{id}/agent-statement/settle': 'none',
  'PUT /api/v1/backoffice/users/{id}/bet-limits': 'none',
  'PUT /api/v1/backoffice/downline/bet-limits': 'none',
  'PUT /api/v1/backoffice/users/{id}/market-type-rules': 'none',

  'POST /api/v1/backoffice/users/{id}/adjustments': 'four-eyes',
  'POST /api/v1/backoffice/deposits/{id}/approve': 'four-eyes',
  'POST /api/v1/backoffice/withdrawals/{id}/approve': 'four-eyes',
  'POST /api/v1/backoffice/users/{id}/bonuses': 'four-eyes',
  'POST /api/v1/backoffice/users/{id}/chips': 'four-eyes',
  'POST /api/v1/backoffice/users/{id}/credit': 'four-eyes',
  'POST /api/v1/backoffice/users/{id}/settlement': 'four-eyes',

  'POST /api/v1/backoffice/adjustments/{id}/approve': 'decides',
  'POST /api/v1/backoffice/adjustments/{id}/reject': 'decides',
  'POST /api/v1/backoffice/deposits/{id}/reject': 'decides',
  'POST /api/v1/backoffice/withdrawals/{id}/reject': 'decides',
  'POST /api/v1/backoffice/bonus-grants/{id}/approve': 'decides',
  'POST /api/v1/backoffice/bonus-grants/{id}/reject': 'decides',
  'POST /api/v1/backoffice/house-money/{id}/approve': 'decides',
  // A director asks to move a client or a subtree: nothing moves until a second operator confirms (decision 0066).
  'POST /api/v1/backoffice/users/{id}/move': 'none',
  // The confirmation moves a credit account's credit line between the two uplines' books.
  'POST /api/v1/backoffice/tree-moves/{id}/confirm': 'decides',
  'POST /api/v1/backoffice/tree-moves/{id}/reject': 'decides',
  'POST /api/v1/backoffice/house-money/{id}/reject': 'decides',
  'POST /api/v1/backoffice/markets/{id}/result/confirm': 'decides',
  'POST /api/v1/backoffice/markets/{id}/result/reject': 'decides',

  'POST /api/v1/backoffice/markets/{id}/settle': 'maker-checker',
  'POST /api/v1/backoffice/markets/{id}/void': 'maker-checker',
  'POST /api/v1/backoffice/markets/{id}/correct': 'maker-checker',
  // A void of one bet or of a market's bets in bulk (decision 0055): waits like a market's void.
  'POST /api/v1/backoffice/bets/{id}/void': 'maker-checker',
  'POST /api/v1/backoffice/bets/void': 'maker-checker',
};
