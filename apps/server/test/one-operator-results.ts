import type { TestApp } from './test-app.js';
import { call } from './test-app.js';

/**
 * Results, voids and corrections of markets with bets wait for a second operator by default (issue 24,
 * PRODUCT.md §4). A test about something else that settles markets as one operator first switches that
 * off the way a director of a one-operator site would: through the API, audited.
 */
export async function resultsSettleAlone(t: TestApp, directorToken: string): Promise<void> {
  const answer = await call(t.app, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
    token: directorToken,
    body: { resultsNeedConfirmation: false },
  });
  if (answer.body.meta.code !== 200)
    throw new Error(`switching results maker-checker off: ${answer.body.meta.message}`);
}
