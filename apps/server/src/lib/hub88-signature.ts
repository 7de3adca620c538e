import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Hub88's request signing: RSA-SHA256 (PKCS #1 v1.5) of the exact body bytes, base64, in the
 * `X-Hub88-Signature` header. Both ways: Hub88 signs its calls with its key (we verify with its public
 * key, HUB88_PUBLIC_KEY), we sign our answers and our own calls with ours (HUB88_OPERATOR_PRIVATE_KEY).
 * Reproduces the public vectors of coingaming/Hub88-Examples (hub88-signature.test.ts). Shared by our
 * Hub88 adapter (modules/casino/hub88) and the built-in simulator (modules/hub88-sim), two parties.
 */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

export function hub88Sign(privateKey: KeyObject, body: string | Buffer): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body, 'utf8') : body, privateKey).toString('base64');
}

/** False for a missing, malformed or wrong signature; never throws. */
export function hub88Verify(publicKey: KeyObject, body: string | Buffer, signature: string | undefined): boolean {
  if (signature === undefined || signature.length === 0 || signature.length > 2048) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(
      'sha256',
      typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
      publicKey,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

export function readPublicKey(path: string): KeyObject {
  return createPublicKey(readFileSync(path, 'utf8'));
}
export function readPrivateKey(path: string): KeyObject {
  return createPrivateKey(readFileSync(path, 'utf8'));
}

/** A fresh 2048-bit pair (the built-in simulator's and, in play mode without keys configured, ours). */
export function newKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

/** The keys one side of the protocol holds: its own private key, and the other side's public key. */
export interface Hub88Keys {
  /** Signs what we send (answers, and our calls to the aggregator). */
  operatorPrivateKey: KeyObject;
  /** Verifies what the aggregator sends. */
  aggregatorPublicKey: KeyObject;
}
