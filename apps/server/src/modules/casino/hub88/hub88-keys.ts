import type { Config } from '../../../config.js';
import type { Hub88Keys } from './hub88-signature.js';
import { newKeyPair, readPrivateKey, readPublicKey } from './hub88-signature.js';

/**
 * Hub88's public key and ours, from the PEM files the configuration names. A key not configured is a
 * fresh pair made at boot: without HUB88_PUBLIC_KEY nobody outside holds the matching private key, so
 * every call is refused as unsigned; without HUB88_OPERATOR_PRIVATE_KEY our answers are signed by a key
 * the aggregator does not know (decision 0040).
 */
export function hub88Keys(config: Pick<Config, 'HUB88_PUBLIC_KEY' | 'HUB88_OPERATOR_PRIVATE_KEY'>): Hub88Keys {
  return {
    aggregatorPublicKey:
      config.HUB88_PUBLIC_KEY === undefined ? newKeyPair().publicKey : readPublicKey(config.HUB88_PUBLIC_KEY),
    operatorPrivateKey:
      config.HUB88_OPERATOR_PRIVATE_KEY === undefined
        ? newKeyPair().privateKey
        : readPrivateKey(config.HUB88_OPERATOR_PRIVATE_KEY),
  };
}
