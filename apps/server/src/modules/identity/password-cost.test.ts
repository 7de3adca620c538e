import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { call, createTestApp, PASSWORD, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { createPasswordHasher } from './password-policy.js';

/**
 * Decision 0084: the server's test files hash passwords at Argon2id's least cost; every deployment hashes at
 * OWASP's (19 MiB, 2 passes), and the configuration refuses the least cost outside the tests.
 */
const OWASP_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';
const MINIMAL_PREFIX = '$argon2id$v=19$m=8,t=1,p=1$';

describe('the password hash cost', () => {
  it('is OWASP’s unless set, and the least cost is refused outside NODE_ENV=test', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('owasp');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'minimal' })).toThrow(/PASSWORD_HASH_COST=minimal/);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'minimal' })).toThrow(
      /PASSWORD_HASH_COST=minimal/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'minimal' }).PASSWORD_HASH_COST).toBe('minimal');
  });

  it('writes its parameters into the hash, and a password verifies at either cost', async () => {
    const owasp = createPasswordHasher('owasp');
    const minimal = createPasswordHasher('minimal');
    const strong = await owasp.hash('Correct-horse-9');
    const cheap = await minimal.hash('Correct-horse-9');
    expect(strong.startsWith(OWASP_PREFIX)).toBe(true);
    expect(cheap.startsWith(MINIMAL_PREFIX)).toBe(true);
    expect(await minimal.verify(strong, 'Correct-horse-9')).toBe(true);
    expect(await owasp.verify(cheap, 'Correct-horse-9')).toBe(true);
    expect(await owasp.verify(strong, 'Correct-horse-8')).toBe(false);
    expect(await owasp.verify('not a hash', 'Correct-horse-9')).toBe(false);
  });
});

describe('a server built with the default cost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PASSWORD_HASH_COST: 'owasp' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a new player’s password at OWASP’s cost, and the player logs in with it', async () => {
    const player = await signUpPlayer(t);
    const stored = await t.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      player.userId,
    ]);
    expect(stored.rows[0]?.password_hash.startsWith(OWASP_PREFIX)).toBe(true);
    const login = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
    });
    expect(login.body.meta.code).toBe(200);
  });
});
