import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, cancelBet, createOperator, createTestApp, placeBet, signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { positionViolations } from '../../../../test/position-invariants.js';
import { newMarket } from '../../../../test/two-processes.js';

/**
 * A fill moves both players' positions (EXP-1). A cash out's hedge, an edited offer and a bet whose
 * in-play delay ended fill against other players' resting offers outside a group commit: each of
 * those players' exposure rows must take the fill's line too, or a later cancel of their remainder
 * releases what their matched part still risks (found with decision 0080, whose lanes start a
 * player's running position from that row).
 */
type Player = { token: string; userId: string };

let t: TestApp;
let director: Player;

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

const exposureOf = async (player: Player) =>
  ((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data as { exposure: number })
    .exposure;

/** How each path fills the maker's resting back of ₹1,000 on the first runner at 2.0 (in part) for another player. */
type Market = { id: string; runners: string[] };
const CASES: {
  name: string;
  delaySeconds: number;
  before?: (m: Market) => Promise<Player>;
  fill: (m: Market, player: Player) => Promise<void>;
}[] = [
  {
    name: "a cash out's hedge",
    delaySeconds: 0,
    // The pair the cash out hedges is matched before the maker's offer rests (else the lay would take it).
    before: async (m) => {
      const [backer, layer] = [await signUpPlayer(t), await signUpPlayer(t)];
      await placeBet(t.app, backer.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'back',
        odds: 3,
        stake: 100,
      });
      await placeBet(t.app, layer.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'lay',
        odds: 3,
        stake: 100,
      });
      return backer;
    },
    fill: async (m, backer) => {
      const quote = (
        await call(t.app, 'GET', `/api/v1/cash-out-quote?marketId=${m.id}&percent=100`, { token: backer.token })
      ).body.data as { available: boolean; value: number };
      expect(quote.available).toBe(true);
      const answer = await call(t.app, 'POST', '/api/v1/cash-out', {
        token: backer.token,
        body: { marketId: m.id, value: quote.value },
      });
      expect(answer.body.meta.code).toBe(200);
    },
  },
  {
    name: 'an edited offer',
    delaySeconds: 0,
    fill: async (m, layer) => {
      const lay = await placeBet(t.app, layer.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'lay',
        odds: 1.5,
        stake: 200,
      });
      expect(lay.status).toBe('unmatched');
      const answer = await call(t.app, 'POST', '/api/v1/edit-bet', {
        token: layer.token,
        body: { betId: lay._id, odds: 2 },
      });
      expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ code: 200 });
    },
  },
  {
    name: 'a bet whose in-play delay ended',
    delaySeconds: 1,
    fill: async (m, layer) => {
      const lay = await placeBet(t.app, layer.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'lay',
        odds: 2,
        stake: 200,
      });
      expect(lay.status).toBe('pending');
      t.clock.advanceMs(1100);
      await t.services.sports.resolveDueBets();
    },
  },
];

describe("a fill outside a group commit moves the resting offer's owner's position too", () => {
  it.each(CASES)('$name', async ({ delaySeconds, before, fill }) => {
    const m = await newMarket(t, director.token, 'EXCHANGE', delaySeconds);
    if (delaySeconds > 0)
      await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
        token: director.token,
        body: { inPlay: true },
      });
    const player = before === undefined ? await signUpPlayer(t) : await before(m);
    const maker = await signUpPlayer(t);
    const offer = await placeBet(t.app, maker.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2,
      stake: 1000,
      keepInPlay: true,
    });
    expect(offer.status).toBe('unmatched');
    await fill(m, player);
    const matchedPaise = (
      await t.db.query<{ matched_paise: number }>('select matched_paise from bets where id = $1', [offer._id])
    ).rows[0]?.matched_paise as number;
    expect(matchedPaise).toBeGreaterThan(0);
    expect(matchedPaise).toBeLessThan(1000_00);
    expect(await positionViolations(t.db, m.id)).toEqual([]);
    // The maker takes back what still rests: what matched still risks its stake.
    await cancelBet(t.app, maker.token, offer._id);
    expect(await exposureOf(maker)).toBe(-matchedPaise / 100);
    expect(await positionViolations(t.db, m.id)).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
