import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LimitRule } from '@khel/exchange';
import type { TestApp } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { createDownlineLimitsRepository } from './downline-limits-repository.js';
import { agentTree, marketOf } from './agents-test-support.js';

/**
 * Decision 0075: a group commit reads the limit rules of its players first seen by the lane in one
 * statement (`rulesForBets`); the per-player read (`rulesForBet`, decision 0020) is the same statement for
 * one player. Both must find, player by player, the limits, blocks and market-type locks hung anywhere on
 * the player's chain of uplines, and nothing hung beside it: here written out from the tree by hand.
 */
let t: TestApp;
let tree: Awaited<ReturnType<typeof agentTree>>;

beforeAll(async () => {
  t = await createTestApp();
  tree = await agentTree(t);
});
afterAll(async () => t.close());

const sorted = (rules: readonly LimitRule[]) =>
  [...rules].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('the limit rules of several players in one statement', () => {
  it("find each player's chain of rules and nothing beside it, for every market type, alone or together", async () => {
    const { director, top, middle, low, player, cousin, outsider } = tree;
    const market = await marketOf(t, director.token, 'EXCHANGE');
    const other = await marketOf(t, director.token, 'EXCHANGE');
    const noRules = { limits: [], blockedSports: [], blockedEvents: [] };
    // Limits at two levels, a block on one event, a lock and a figure per market type.
    await t.services.downlineLimits.set(
      top,
      null,
      { ...noRules, limits: [{ sportId: market.sportId, minStake: null, maxStake: 500, maxProfit: null }] },
      '127.0.0.1',
    );
    await t.services.downlineLimits.set(
      middle,
      low.userId,
      {
        limits: [{ sportId: market.sportId, minStake: 150, maxStake: 2000, maxProfit: 900 }],
        blockedSports: [],
        blockedEvents: [other.eventId],
      },
      '127.0.0.1',
    );
    const line = { minStake: null, maxStake: null, maxProfit: null };
    await t.services.marketTypeRules.set(
      top,
      middle.userId,
      { rules: [{ marketType: 'FANCY', locked: true, ...line }] },
      '127.0.0.1',
    );
    await t.services.marketTypeRules.set(
      low,
      player.userId,
      { rules: [{ marketType: 'BOOKMAKER', locked: false, ...line, maxStake: 300 }] },
      '127.0.0.1',
    );
    // What each rule reads as, and where it binds: the tree is director > top > middle > low > player and
    // top > sibling > cousin; the outsider hangs under the root. The two events are in different sports.
    const rule = (fields: Partial<LimitRule>): LimitRule => ({
      minStakePaise: null,
      maxStakePaise: null,
      maxProfitPaise: null,
      blocked: false,
      locked: false,
      ...fields,
    });
    const topLimit = rule({ maxStakePaise: 50_000 }); // on top, for the first event's sport
    const lowLimit = rule({ minStakePaise: 15_000, maxStakePaise: 200_000, maxProfitPaise: 90_000 }); // on low, same sport
    const lowBlock = rule({ blocked: true }); // on low, the other event
    const fancyLock = rule({ locked: true }); // on middle, FANCY
    const bookmakerMax = rule({ maxStakePaise: 30_000 }); // on the player, BOOKMAKER
    const expected = (userId: string, eventId: string, type: string): LimitRule[] => {
      const underLow = userId === player.userId || userId === low.userId;
      const underTop = underLow || userId === cousin.userId;
      const found: LimitRule[] = [];
      if (eventId === market.eventId && underTop) found.push(topLimit);
      if (eventId === market.eventId && underLow) found.push(lowLimit);
      if (eventId === other.eventId && underLow) found.push(lowBlock);
      if (type === 'FANCY' && underLow) found.push(fancyLock);
      if (type === 'BOOKMAKER' && userId === player.userId) found.push(bookmakerMax);
      return sorted(found);
    };
    const repo = createDownlineLimitsRepository(t.db);
    const users = [player.userId, cousin.userId, outsider.userId, low.userId];
    let seen = 0;
    for (const eventId of [market.eventId, other.eventId])
      for (const type of ['EXCHANGE', 'BOOKMAKER', 'FANCY']) {
        const batch = await repo.rulesForBets(users, eventId, type);
        expect([...batch.keys()].sort()).toEqual([...users].sort());
        for (const userId of users) {
          expect(sorted(batch.get(userId) ?? [])).toEqual(expected(userId, eventId, type));
          expect(sorted(await repo.rulesForBet(userId, eventId, type))).toEqual(expected(userId, eventId, type));
          seen += expected(userId, eventId, type).length;
        }
      }
    // The chains did bind (a comparison of empty lists would prove nothing).
    expect(seen).toBeGreaterThan(10);
    expect(await repo.rulesForBets([], market.eventId, 'EXCHANGE')).toEqual(new Map());
  });
});
