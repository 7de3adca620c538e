import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettingsEnvelope, betEnvelope, profileEnvelope } from '@khel/contract';
import type { TestApp } from '../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../test/test-app.js';
import { marketOf } from '../modules/agents/agents-test-support.js';
import { compiledSerializerCompiler } from './compiled-serializer.js';

type Compiled = typeof profileEnvelope | typeof appSettingsEnvelope | typeof betEnvelope;
const compile = (schema: Compiled, checkWithZod = false) =>
  compiledSerializerCompiler({ checkWithZod })({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const zodAnswer = (schema: Compiled, data: unknown) => JSON.stringify(schema.encode(data as never));

const settings = {
  siteName: 'Khel "Play" \u2028 ₹',
  logoImg: '/logo.svg',
  faviconImg: '/api/v1/media/x',
  color: '#f5a524',
  moneyMode: 'play',
  currency: 'INR',
  helpWhatsapp: '919876543210',
  helpPhone: null,
};

describe('the compiled serializer of the hot reads (decision 0029)', () => {
  it('writes what zod encode and JSON.stringify wrote, with data and with null data', () => {
    const serialize = compile(appSettingsEnvelope);
    for (const answer of [
      { meta: { code: 200, message: 'ok' }, data: settings },
      { meta: { code: 404, message: 'Not found', error: 'NOT_FOUND' }, data: null },
      {
        meta: { code: 400, message: 'bad', error: 'VALIDATION_FAILED', issues: [{ path: 'a.b', message: 'x' }] },
        data: null,
      },
    ]) {
      expect(JSON.parse(serialize(answer))).toEqual(JSON.parse(zodAnswer(appSettingsEnvelope, answer)));
    }
  });

  it('leaves out what the contract does not name, as zod stripped it', () => {
    const serialize = compile(appSettingsEnvelope);
    const text = serialize({
      meta: { code: 200, message: 'ok', secret: 's1' },
      data: { ...settings, password_hash: 'h' },
      extra: 1,
    });
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('s1');
    expect(JSON.parse(text)).toEqual({ meta: { code: 200, message: 'ok' }, data: settings });
  });

  it('throws on a missing required field instead of writing a broken answer', () => {
    expect(() => compile(appSettingsEnvelope)({ meta: { code: 200 }, data: null })).toThrow(/message/);
    // Outside production the zod check runs first and refuses a wrong type too.
    expect(() =>
      compile(
        appSettingsEnvelope,
        true,
      )({ meta: { code: 200, message: 'ok' }, data: { ...settings, moneyMode: 'free' } }),
    ).toThrow();
  });

  describe('through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('answers getUserData and app-settings as the contract says', async () => {
      const player = await signUpPlayer(t);
      const profile = await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token });
      expect(profile.body.meta.code).toBe(200);
      expect(profileEnvelope.parse(profile.body)).toEqual(profile.body);
      expect(profile.raw.body).toBe(zodAnswer(profileEnvelope, profile.body));
      const app = await call(t.app, 'GET', '/api/v1/app-settings');
      expect(appSettingsEnvelope.parse(app.body)).toEqual(app.body);
      expect(app.raw.body).toBe(zodAnswer(appSettingsEnvelope, app.body));
      expect(app.raw.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('answers a placed bet, a refused one and a cancelled one as zod wrote them', async () => {
      const director = await createOperator(t);
      const m = await marketOf(t, director.token, 'EXCHANGE');
      const player = await signUpPlayer(t);
      const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
        token: player.token,
        body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 },
      });
      expect(placed.body.meta.code).toBe(200);
      expect(placed.raw.body).toBe(zodAnswer(betEnvelope, placed.body));
      const refused = await call(t.app, 'POST', '/api/v1/place-bet', {
        token: player.token,
        body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3.01, stake: 100 },
      });
      expect(refused.body.meta.error).toBe('PRICE_NOT_ON_LADDER');
      expect(refused.raw.body).toBe(zodAnswer(betEnvelope, refused.body));
      const cancelled = await call(t.app, 'POST', '/api/v1/cancel-bet', {
        token: player.token,
        body: { betId: (placed.body.data as { _id: string })._id },
      });
      expect(cancelled.body.meta.code).toBe(200);
      expect(cancelled.raw.body).toBe(zodAnswer(betEnvelope, cancelled.body));
    });
  });
});
