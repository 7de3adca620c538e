import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/test-app.js';
import { call, createTestApp, signUpPlayer } from '../test/test-app.js';

/** Issue 9: a NUL or another control character anywhere a client can put text is a clear 400 envelope. */
let t: TestApp;
let player: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  player = await signUpPlayer(t);
});
afterAll(async () => t.close());

const refusal = { code: 400, error: 'VALIDATION_FAILED', message: 'Text may not contain control characters' };

describe('control characters', () => {
  it('refuses them in a body field, naming the field, before anything is stored', async () => {
    const signUp = await call(t.app, 'POST', '/api/v1/signUp', {
      body: {
        name: 'Ravi\u0000',
        mobile_no: '919812345678',
        password: 'monsoon-rain-42',
        confirmPassword: 'monsoon-rain-42',
        ageConfirmed: true,
      },
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.meta).toMatchObject({ ...refusal, issues: [{ path: 'name', message: refusal.message }] });
    const bell = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: '919812345678', password: 'pass\u0007word' },
    });
    expect(bell.body.meta).toMatchObject(refusal);
    const key = await call(t.app, 'POST', '/api/v1/play-game', {
      token: player.token,
      body: { gameId: 'royal-bengal', ['x\u0000']: 1 },
    });
    expect(key.body.meta).toMatchObject(refusal);
  });

  it('refuses them in a query and a path parameter, for visitors and players alike', async () => {
    const query = await call(t.app, 'GET', '/api/v1/casino-games?provider=%00');
    expect(query.status).toBe(200);
    expect(query.body.meta).toMatchObject({ ...refusal, issues: [{ path: 'query.provider' }] });
    const newline = await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=a%0Ab', { token: player.token });
    expect(newline.body.meta).toMatchObject(refusal);
    const path = await call(t.app, 'GET', '/api/v1/live-casino/dragon%00tiger', { token: player.token });
    expect(path.body.meta).toMatchObject({ ...refusal, issues: [{ path: 'params.table_id' }] });
  });

  it('answers a malformed percent-encoding in the path with the envelope too', async () => {
    const broken = await call(t.app, 'GET', '/api/v1/live-casino/%E0%A4', { token: player.token });
    expect(broken.status).toBe(200);
    expect(broken.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });
});
