import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hub88Sign, hub88Verify, newKeyPair, readPrivateKey, readPublicKey } from './hub88-signature.js';

/**
 * Hub88's signatures: RSA-SHA256 (PKCS #1 v1.5) of the raw body, base64.
 *
 * The public vectors are coingaming/Hub88-Examples' `signatures.csv` (`data;signature` per line) and its
 * demo key pair (`priv/private.pem`, `priv/public.pem`), Apache-2.0, kept byte for byte in
 * fixtures/hub88-examples (see its SOURCES.md).
 */
const examples = join(import.meta.dirname, '../../../../fixtures/hub88-examples');
const vectors = () =>
  readFileSync(join(examples, 'signatures.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => {
      // The data may hold `;` itself: the signature (base64) never does, so the last one splits.
      const at = line.lastIndexOf(';');
      return { data: line.slice(0, at), signature: line.slice(at + 1) };
    });

describe("Hub88-Examples' public vectors", () => {
  it('reads the five published examples, Hub88 request bodies among them', () => {
    const all = vectors();
    expect(all.map(({ data }) => data.slice(0, 12))).toEqual([
      'test',
      'example',
      '{"test":"tes',
      '{"game_id":1',
      '{"user":"3nY',
    ]);
    for (const { signature } of all) expect(Buffer.from(signature, 'base64')).toHaveLength(256);
  });

  it('signs every example exactly as the published signature, with the demo private key', () => {
    const privateKey = readPrivateKey(join(examples, 'priv/private.pem'));
    for (const { data, signature } of vectors()) expect(hub88Sign(privateKey, data)).toBe(signature);
  });

  it('verifies every published signature with the demo public key, and refuses it on other data', () => {
    const publicKey = readPublicKey(join(examples, 'priv/public.pem'));
    const all = vectors();
    for (const [i, { data, signature }] of all.entries()) {
      expect(hub88Verify(publicKey, data, signature)).toBe(true);
      expect(hub88Verify(publicKey, `${data} `, signature)).toBe(false);
      // Another example's signature does not fit this data.
      expect(hub88Verify(publicKey, data, all[(i + 1) % all.length]!.signature)).toBe(false);
    }
  });

  it("refuses the published signatures under another key: the demo key's own public half is what verifies", () => {
    const { publicKey } = newKeyPair();
    for (const { data, signature } of vectors()) expect(hub88Verify(publicKey, data, signature)).toBe(false);
  });
});

describe('signatures against OpenSSL (an independent implementation)', () => {
  it('OpenSSL verifies ours and we verify OpenSSL’s: `openssl dgst -sha256 -sign`, base64', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub88-sig-'));
    try {
      const { privateKey, publicKey } = newKeyPair();
      writeFileSync(join(dir, 'private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
      writeFileSync(join(dir, 'public.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
      const body = '{"user":"john12345","request_uuid":"583c985f-fee6-4c0e-bbf5-308aad6265af","amount":356000}';
      writeFileSync(join(dir, 'body.json'), body);
      writeFileSync(join(dir, 'ours.sig'), Buffer.from(hub88Sign(privateKey, body), 'base64'));
      const verified = execFileSync('openssl', [
        'dgst',
        '-sha256',
        '-verify',
        join(dir, 'public.pem'),
        '-signature',
        join(dir, 'ours.sig'),
        join(dir, 'body.json'),
      ]).toString();
      expect(verified.trim()).toBe('Verified OK');
      const theirs = execFileSync('openssl', [
        'dgst',
        '-sha256',
        '-sign',
        join(dir, 'private.pem'),
        join(dir, 'body.json'),
      ]);
      expect(hub88Verify(publicKey, body, theirs.toString('base64'))).toBe(true);
      // PKCS #1 v1.5 is deterministic: OpenSSL's signature is ours byte for byte.
      expect(theirs.toString('base64')).toBe(hub88Sign(privateKey, body));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a missing, empty, malformed or foreign signature without throwing', () => {
    const { privateKey, publicKey } = newKeyPair();
    const other = newKeyPair();
    const body = '{"a":1}';
    expect(hub88Verify(publicKey, body, undefined)).toBe(false);
    expect(hub88Verify(publicKey, body, '')).toBe(false);
    expect(hub88Verify(publicKey, body, 'not base64 at all!')).toBe(false);
    expect(hub88Verify(publicKey, body, 'AAAA')).toBe(false);
    expect(hub88Verify(publicKey, body, hub88Sign(other.privateKey, body))).toBe(false);
    expect(hub88Verify(publicKey, body, hub88Sign(privateKey, body))).toBe(true);
  });
});
