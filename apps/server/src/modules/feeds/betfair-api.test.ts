/**
 * Betfair's HTTPS APIs as the live source calls them, against a local HTTPS fake answering with the
 * answers betfairlightweight recorded (fixtures/betfair-api): listMarketCatalogue read from a real
 * answer, Betfair's refusals turned into its own codes.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetfairApiError, keepAlive, listMarketCatalogue, login } from './betfair-api.js';
import type { BetfairEndpoints } from './betfair-api.js';
import { RECORDED_TOKEN, startFakeBettingApi } from './fake-betting-api-test-support.js';
import type { FakeBettingApi } from './fake-betting-api-test-support.js';
import { FIXTURES_DIR, readRecordedText } from './recorded-files.js';

const recorded = JSON.parse(readRecordedText(join(FIXTURES_DIR, 'betfair-api/list_market_catalogue.json'))) as {
  result: unknown[];
};
let api: FakeBettingApi;
let endpoints: BetfairEndpoints;
beforeAll(async () => {
  api = await startFakeBettingApi({ appKey: 'app_key', username: 'u', password: 'p', catalogue: recorded.result });
  endpoints = {
    identityUrl: api.identityUrl,
    certIdentityUrl: api.identityUrl,
    bettingUrl: api.bettingUrl,
    ca: api.ca,
  };
});
afterAll(async () => api.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof BetfairApiError ? error.code : String(error)),
  );

describe("Betfair's login, keep-alive and Betting API", () => {
  it('reads a recorded listMarketCatalogue answer: runners, event type, competition, event, start', async () => {
    const [market, ...rest] = await listMarketCatalogue(endpoints, 'app_key', RECORDED_TOKEN, ['1.125818641']);
    expect(rest).toEqual([]);
    expect(market).toMatchObject({
      marketId: '1.125818641',
      marketStartTime: '2005-03-07T14:30:00.000Z',
      eventType: { id: '1', name: 'Soccer' },
      competition: { id: '7', name: 'Austrian Bundesliga' },
      event: { id: '606287', name: 'Austrian Bundesliga' },
    });
    expect(market!.runners.slice(0, 2)).toEqual([
      { selectionId: 3158851, runnerName: 'Red Bull Salzburg', sortPriority: 1 },
      { selectionId: 46932, runnerName: 'Rapid Vienna', sortPriority: 2 },
    ]);
    expect(market!.runners).toHaveLength(10);
    expect(await listMarketCatalogue(endpoints, 'app_key', RECORDED_TOKEN, ['1.999'])).toEqual([]);
  });

  it("turns Betfair's refusals into its own codes", async () => {
    expect(await refusal(listMarketCatalogue(endpoints, 'app_key', 'stale', ['1.125818641']))).toBe(
      'INVALID_SESSION_INFORMATION',
    );
    expect(await refusal(listMarketCatalogue(endpoints, 'other', RECORDED_TOKEN, ['1.125818641']))).toBe(
      'INVALID_APP_KEY',
    );
    expect(await refusal(login(endpoints, 'app_key', { username: 'u', password: 'x' }))).toBe(
      'INVALID_USERNAME_OR_PASSWORD',
    );
    expect(await login(endpoints, 'app_key', { username: 'u', password: 'p' })).toBe(RECORDED_TOKEN);
    expect(await keepAlive(endpoints, 'app_key', RECORDED_TOKEN)).toBe(RECORDED_TOKEN);
    expect(await refusal(keepAlive(endpoints, 'app_key', 'stale'))).toBe('INPUT_VALIDATION_ERROR');
    const nowhere = { ...endpoints, bettingUrl: `${api.identityUrl}missing` };
    expect(await refusal(listMarketCatalogue(nowhere, 'app_key', RECORDED_TOKEN, ['1.1']))).toBe('HTTP_404');
  });
});
