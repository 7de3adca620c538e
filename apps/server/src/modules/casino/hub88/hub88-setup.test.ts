import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hub88Sign, hub88Verify } from '../../../lib/hub88-signature.js';
import { hub88Setup } from './hub88-setup.js';

const dir = mkdtempSync(join(tmpdir(), 'khel-hub88-setup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pemFile(name: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
  return path;
}

describe("hub88Setup: the built-in simulator's key", () => {
  it('is read from HUB88_SIMULATOR_PRIVATE_KEY: two processes given the file sign and verify as one simulator', () => {
    const HUB88_SIMULATOR_PRIVATE_KEY = pemFile('simulator.pem');
    const first = hub88Setup({ MONEY_MODE: 'play', HUB88_SIMULATOR_PRIVATE_KEY });
    const second = hub88Setup({ MONEY_MODE: 'play', HUB88_SIMULATOR_PRIVATE_KEY });
    const signature = hub88Sign(first.simulator!.privateKey, '{"game_code":"x"}');
    expect(hub88Verify(second.keys.aggregatorPublicKey, '{"game_code":"x"}', signature)).toBe(true);
    expect(hub88Verify(first.keys.aggregatorPublicKey, '{"game_code":"y"}', signature)).toBe(false);
  });

  it('without the setting, is made in each process: another process does not trust it', () => {
    const first = hub88Setup({ MONEY_MODE: 'play' });
    const second = hub88Setup({ MONEY_MODE: 'play' });
    const signature = hub88Sign(first.simulator!.privateKey, 'body');
    expect(hub88Verify(first.keys.aggregatorPublicKey, 'body', signature)).toBe(true);
    expect(hub88Verify(second.keys.aggregatorPublicKey, 'body', signature)).toBe(false);
  });

  it('our own key from HUB88_OPERATOR_PRIVATE_KEY is the one the simulator verifies', () => {
    const HUB88_OPERATOR_PRIVATE_KEY = pemFile('operator.pem');
    const setup = hub88Setup({ MONEY_MODE: 'play', HUB88_OPERATOR_PRIVATE_KEY });
    const signature = hub88Sign(setup.keys.operatorPrivateKey, 'answer');
    expect(hub88Verify(setup.simulator!.operatorPublicKey, 'answer', signature)).toBe(true);
    expect(
      hub88Verify(
        hub88Setup({ MONEY_MODE: 'play', HUB88_OPERATOR_PRIVATE_KEY }).simulator!.operatorPublicKey,
        'answer',
        signature,
      ),
    ).toBe(true);
  });

  it('is not read where the real Hub88 is configured: no simulator runs', () => {
    const HUB88_PUBLIC_KEY = join(dir, 'hub88-public.pem');
    writeFileSync(
      HUB88_PUBLIC_KEY,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    // A path that does not exist: read, it would stop the process.
    const setup = hub88Setup({
      MONEY_MODE: 'play',
      HUB88_PUBLIC_KEY,
      HUB88_SIMULATOR_PRIVATE_KEY: join(dir, 'missing.pem'),
    });
    expect(setup.simulator).toBeNull();
  });
});
