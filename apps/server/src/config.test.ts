import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { realMoneyConfigProblems } from './modules/identity/jurisdictions.js';
import type { TestApp } from '../test/test-app.js';
import { PASSWORD, call, createTestApp } from '../test/test-app.js';

describe('configuration is validated at boot', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './.data',
      MONEY_MODE: 'play',
      demoData: true,
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ MONEY_MODE: 'cash' }, 'MONEY_MODE'],
    [{ BOOTSTRAP_DIRECTOR_MOBILE: '919812345678' }, 'together'],
    [{ BOOTSTRAP_DIRECTOR_MOBILE: '919812345678', BOOTSTRAP_DIRECTOR_PASSWORD: 'short' }, 'at least 8'],
    [{ NODE_ENV: 'production' }, 'ALLOW_OUTBOX_IN_PRODUCTION'],
    [{ MARKET_LEASE_MS: '2000', MARKET_LEASE_RENEW_MS: '1500' }, 'at most half of MARKET_LEASE_MS'],
    [{ MIGRATION_DATABASE_URL: 'postgres://owner@db/khel' }, 'MIGRATION_DATABASE_URL needs DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://server@db/khel', MIGRATION_DATABASE_URL: 'mysql://x' }, 'MIGRATION_DATABASE_URL must'],
    // Operators' authenticator secrets are never kept in plain text outside play-money development.
    [{ NODE_ENV: 'production', ALLOW_OUTBOX_IN_PRODUCTION: 'true' }, 'SECOND_FACTOR_KEY'],
    [{ MONEY_MODE: 'real', REAL_MONEY_JURISDICTIONS: 'us' }, 'SECOND_FACTOR_KEY'],
    [{ NODE_ENV: 'production', ALLOW_OUTBOX_IN_PRODUCTION: 'true', SECOND_FACTOR_KEY: 'short' }, 'at least 32'],
    // The live Betfair source (decision 0070): an app key, and a session token or a login.
    [{ FEED: 'betfair:live' }, 'FEED must be'],
    [{ FEED: 'betfair:', BETFAIR_SESSION_TOKEN: 't' }, 'FEED=betfair: needs BETFAIR_APP_KEY'],
    [{ FEED: 'betfair:', BETFAIR_APP_KEY: 'k', BETFAIR_USERNAME: 'u' }, 'needs BETFAIR_SESSION_TOKEN, or'],
    [{ FEED: 'betfair:', BETFAIR_APP_KEY: 'k', BETFAIR_SESSION_TOKEN: 't', BETFAIR_CERT_FILE: 'c' }, 'go together'],
    [
      { FEED: 'betfair:', BETFAIR_APP_KEY: 'k', BETFAIR_SESSION_TOKEN: 't', BETFAIR_HEARTBEAT_MS: '100' },
      'BETFAIR_HEARTBEAT_MS',
    ],
  ])('refuses %o, naming the problem', (env, fragment) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(fragment);
  });

  it('starts in production mode once SECOND_FACTOR_KEY is set', () => {
    const key = 'a-production-key-of-at-least-32-characters';
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_IN_PRODUCTION: 'true', SECOND_FACTOR_KEY: key })
        .SECOND_FACTOR_KEY,
    ).toBe(key);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_IN_PRODUCTION: 'true', SECOND_FACTOR_KEY: '' }),
    ).toThrow('SECOND_FACTOR_KEY');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('refuses real money without a licensed jurisdiction, and never for India', () => {
    expect(realMoneyConfigProblems('play', [])).toEqual([]);
    expect(realMoneyConfigProblems('real', [])[0]).toContain('at least one licensed jurisdiction');
    expect(realMoneyConfigProblems('real', ['in'])[0]).toContain('Promotion and Regulation of Online Gaming Act, 2025');
    expect(realMoneyConfigProblems('real', ['xx'])[0]).toContain('unknown jurisdiction');
    expect(realMoneyConfigProblems('real', ['us'])).toEqual([]);
  });
});

describe('real-money mode refuses players outside the configured jurisdictions', () => {
  let t: TestApp;
  it('signs up a US number and refuses an Indian one', async () => {
    t = await createTestApp({
      MONEY_MODE: 'real',
      REAL_MONEY_JURISDICTIONS: 'us',
      SECOND_FACTOR_KEY: 'a-test-key-of-at-least-thirty-two-characters',
    });
    try {
      const body = (mobileNo: string) => ({
        name: 'Sam',
        mobile_no: mobileNo,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ageConfirmed: true,
      });
      const india = await call(t.app, 'POST', '/api/v1/signUp', { body: body('919876501234') });
      expect(india.body.meta).toMatchObject({ code: 403, error: 'JURISDICTION_BLOCKED' });
      const us = await call(t.app, 'POST', '/api/v1/signUp', { body: body('12025550143') });
      expect(us.body.meta.code).toBe(200);
      const settings = await call(t.app, 'GET', '/api/v1/app-settings');
      expect(settings.body.data).toMatchObject({ moneyMode: 'real' });
    } finally {
      await t.close();
    }
  });
});
