import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '@khel/casino-games';
import { createHash as shimHash } from './lib/node-crypto-shim.js';
import { sha256Hex } from './lib/sha256.js';
import { route } from './router.js';

describe('house casino app', () => {
  it('has a mount point in its page', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    expect(readFileSync(join(import.meta.dirname, '../index.html'), 'utf8')).toContain('id="app"');
  });

  it('routes the game frame URLs and the verify page', () => {
    expect(route('/house-casino/play/royal-bengal')).toEqual({ page: 'slot', game: 'royal-bengal' });
    expect(route('/house-casino/play/dragon-tiger/')).toEqual({ page: 'table', game: 'dragon-tiger' });
    expect(route('/house-casino/play/andar-bahar')).toEqual({ page: 'table', game: 'andar-bahar' });
    expect(route('/house-casino/verify')).toEqual({ page: 'verify', game: null });
    expect(route('/house-casino/play/teen-patti')).toEqual({ page: 'table', game: 'teen-patti' });
    expect(route('/house-casino/play/lucky-7')).toEqual({ page: 'table', game: 'lucky-7' });
    expect(route('/house-casino/play/crash')).toEqual({ page: 'crash', game: 'crash' });
    expect(route('/house-casino/play/monsoon-gems')).toEqual({ page: 'slot', game: 'monsoon-gems' });
    expect(route('/house-casino/rules/teen-patti')).toEqual({ page: 'rules', game: 'teen-patti' });
    expect(route('/house-casino/play/unknown')).toEqual({ page: 'unknown', game: 'unknown' });
  });
});

describe('SHA-256 in the browser (the verify page trusts nothing from the server)', () => {
  it('matches the SPEC.md PF-2 test vector and node:crypto on many lengths and Unicode', () => {
    const seed = '0000000000000000000000000000000000000000000000000000000000000001';
    expect(sha256Hex(seed)).toBe('c386d8e8d07342f2e39e189c8e6c57bb205bb373fe4e3a6f69404a8bb767b417');
    expect(shimHash('sha256').update(seed).digest('hex')).toBe(hashServerSeed(seed));
    for (let length = 0; length < 200; length += 1) {
      const text = 'aé𝄞'.repeat(length).slice(0, length);
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});
