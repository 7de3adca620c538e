import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHIP_VALUES, ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MINE = [50, 150, 300, 750, 1500, 2500, 7500, 25_000];

describe('stake buttons (issue 31)', () => {
  it('gives a new player the default chips, keeps the eight they set, and resets them', async () => {
    const player = await signUpPlayer(t);
    const first = await call(t.app, 'GET', '/api/v1/stake-buttons', { token: player.token });
    expect(first.body).toMatchObject({ meta: { code: 200 }, data: { values: [...DEFAULT_CHIP_VALUES] } });

    const saved = await call(t.app, 'PUT', '/api/v1/stake-buttons', { token: player.token, body: { values: MINE } });
    expect(saved.body).toMatchObject({ meta: { code: 200, message: 'Stake buttons saved' }, data: { values: MINE } });
    // Read back from the database (paise there, whole rupees on the wire), and only for this player.
    expect((await call(t.app, 'GET', '/api/v1/stake-buttons', { token: player.token })).body.data).toEqual({
      values: MINE,
    });
    const other = await signUpPlayer(t);
    expect((await call(t.app, 'GET', '/api/v1/stake-buttons', { token: other.token })).body.data).toEqual({
      values: [...DEFAULT_CHIP_VALUES],
    });
    const stored = await t.db.query<{ values_paise: string[] }>(
      'select values_paise::text[] as values_paise from stake_buttons where user_id = $1',
      [player.userId],
    );
    expect(stored.rows[0]?.values_paise).toEqual(MINE.map((rupees) => String(rupees * 100)));

    const reset = await call(t.app, 'PUT', '/api/v1/stake-buttons', { token: player.token, body: { reset: true } });
    expect(reset.body.data).toEqual({ values: [...DEFAULT_CHIP_VALUES] });
    expect((await call(t.app, 'GET', '/api/v1/stake-buttons', { token: player.token })).body.data).toEqual({
      values: [...DEFAULT_CHIP_VALUES],
    });
  });

  it.each([
    ['seven buttons', { values: MINE.slice(1) }],
    ['nine buttons', { values: [...MINE, 100] }],
    ['a fraction of a rupee', { values: [...MINE.slice(1), 10.5] }],
    ['zero', { values: [...MINE.slice(1), 0] }],
    ['more than a crore', { values: [...MINE.slice(1), 10_000_001] }],
    ['nothing', {}],
  ])('refuses %s with a validation answer and keeps what was saved', async (_label, body) => {
    const player = await signUpPlayer(t);
    await call(t.app, 'PUT', '/api/v1/stake-buttons', { token: player.token, body: { values: MINE } });
    const refused = await call(t.app, 'PUT', '/api/v1/stake-buttons', { token: player.token, body });
    expect(refused.status).toBe(200);
    expect(refused.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect((await call(t.app, 'GET', '/api/v1/stake-buttons', { token: player.token })).body.data).toEqual({
      values: MINE,
    });
  });

  it('needs a signed-in player: no token is a 401, an operator cannot set them', async () => {
    expect((await call(t.app, 'GET', '/api/v1/stake-buttons')).status).toBe(401);
    const director = await createOperator(t, ROLES.DIRECTOR);
    const refused = await call(t.app, 'PUT', '/api/v1/stake-buttons', {
      token: director.token,
      body: { values: MINE },
    });
    expect(refused.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });
});
