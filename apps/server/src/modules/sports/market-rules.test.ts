import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { matchMarkets } from '@khel/cricket-feed';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { createCricsheetFeedRunner, loadCricsheet } from '../feeds/cricsheet-feed-runner.js';
import { FIXTURES_DIR } from '../feeds/recorded-files.js';

/**
 * Issue 26: every market says how it settles, in the player's words. A real match's markets carry the
 * rules their feed wrote (a Cricsheet replay's fancy lines, bookmaker, toss and tie); a back-office
 * market shows its type's rules with its own delay, commission and limits until an operator writes its
 * own. `GET /api/v1/markets/:marketId/rules` is public, as the event page is.
 */
let t: TestApp;
let director: string;

beforeAll(async () => {
  t = await createTestApp();
  director = (await createOperator(t, ROLES.DIRECTOR)).token;
});
afterAll(async () => t.close());

const rulesOf = async (marketId: string) => call(t.app, 'GET', `/api/v1/markets/${marketId}/rules`);

describe('market rules', () => {
  it("a replayed real match's markets show the rules their feed wrote", async () => {
    const replay = loadCricsheet(join(FIXTURES_DIR, 'cricsheet/1535462.json'));
    const failures: string[] = [];
    const runner = createCricsheetFeedRunner({
      sports: t.services.sports,
      onMarket: (marketId, action) => t.services.marketRouter.run('feed.market', { marketId, action }),
      clock: t.clock,
      replay,
      league: 'Replays of real matches',
      log: (message, error) => failures.push(`${message}: ${String(error)}`),
    });
    await runner.open();
    expect(failures).toEqual([]);
    const specs = matchMarkets();
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) {
      const market = await t.services.sports.repository.marketByFeedRef(`${replay.eventId}/${spec.id}`);
      expect(market, spec.id).not.toBeNull();
      const answer = await rulesOf(market!.id);
      expect(answer.body.meta.code).toBe(200);
      expect(answer.body.data).toEqual({ marketId: market!.id, name: spec.name, rules: spec.rules, own: true });
    }
    const bookmaker = await t.services.sports.repository.marketByFeedRef(`${replay.eventId}/bookmaker`);
    expect(((await rulesOf(bookmaker!.id)).body.data as { rules: string }).rules).toMatch(
      /^Settles on the winner of the match/,
    );
  });

  it("a back-office market shows its type's rules with its own delay and limits until an operator writes them", async () => {
    const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
      token: director,
      body: { name: 'Cricket' },
    });
    const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
      token: director,
      body: { sportId: (sport.body.data as { _id: string })._id, name: 'Rules League' },
    });
    const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
      token: director,
      body: {
        leagueId: (league.body.data as { _id: string })._id,
        name: 'Owls v Hawks',
        startTime: '2026-11-21T14:00:00.000Z',
      },
    });
    const eventId = (event.body.data as { _id: string })._id;
    const create = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/v1/backoffice/markets', { token: director, body: { eventId, ...body } });
    const exchange = (
      (
        await create({
          marketType: 'EXCHANGE',
          name: 'Match Odds',
          runners: ['Owls', 'Hawks'],
          betDelaySeconds: 5,
          minStake: 100,
          maxStake: 25000,
        })
      ).body.data as { _id: string }
    )._id;
    const fancy = (
      (await create({ marketType: 'FANCY', name: '6 over runs Owls', betDelaySeconds: 0 })).body.data as { _id: string }
    )._id;

    const exchangeRules = (await rulesOf(exchange)).body.data as { name: string; rules: string; own: boolean };
    expect(exchangeRules.name).toBe('Match Odds');
    expect(exchangeRules.own).toBe(false);
    expect(exchangeRules.rules).toContain('back or lay against other players');
    expect(exchangeRules.rules).toContain(
      'In play, a bet that would be matched waits 5 s before it is decided, and lapses',
    );
    expect(exchangeRules.rules).toContain('lapses when the market is suspended or turns in play');
    expect(exchangeRules.rules).toContain('Stakes from ₹100.00 to ₹25,000.00 a bet.');
    const fancyRules = ((await rulesOf(fancy)).body.data as { rules: string }).rules;
    expect(fancyRules).toContain('YES wins when the settled total is at or above the YES line');
    expect(fancyRules).toContain('Bets are decided at once');

    // An operator writes the market's own rules; null gives it back its type's.
    const own = 'Settles on the team with more runs after 20 overs each. Rain before 5 overs each: void.';
    const written = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${exchange}`, {
      token: director,
      body: { rules: `  ${own}  ` },
    });
    expect(written.body.meta.code).toBe(200);
    expect(((await rulesOf(exchange)).body.data as { rules: string }).rules).toBe(own);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${exchange}`, { token: director, body: { rules: null } });
    expect(((await rulesOf(exchange)).body.data as { rules: string }).rules).toBe(exchangeRules.rules);
    // Created with its own rules.
    const withRules = (
      (await create({ marketType: 'BOOKMAKER', name: 'Bookmaker', runners: ['Owls', 'Hawks'], rules: own })).body
        .data as { _id: string }
    )._id;
    expect(((await rulesOf(withRules)).body.data as { rules: string }).rules).toBe(own);

    // Bad input is told clearly and changes nothing.
    const long = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${exchange}`, {
      token: director,
      body: { rules: 'x'.repeat(2001) },
    });
    expect(long.body.meta.code).toBe(400);
    expect(long.body.meta.message).toBe('Rules are at most 2,000 characters');
    const blank = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${exchange}`, {
      token: director,
      body: { rules: '   ' },
    });
    expect(blank.body.meta.code).toBe(400);
    expect(((await rulesOf(exchange)).body.data as { rules: string }).rules).toBe(exchangeRules.rules);
  });

  it('answers an unknown market 404 and a malformed id 400', async () => {
    const unknown = await rulesOf('6f1c8a52-3a0e-4a8f-9a55-0a6b1f0c2d11');
    expect(unknown.body.meta.code).toBe(404);
    expect(unknown.body.meta.message).toBe('Market not found');
    const malformed = await rulesOf('not-a-market');
    expect(malformed.body.meta.code).toBe(400);
  });
});
