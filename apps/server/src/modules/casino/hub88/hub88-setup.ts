import { createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Hub88Keys } from '../../../lib/hub88-signature.js';
import { newKeyPair, readPrivateKey, readPublicKey } from '../../../lib/hub88-signature.js';

/** The keys of the built-in simulator: its own, and our public key (it verifies our calls and answers). */
export interface Hub88SimulatorKeys {
  privateKey: KeyObject;
  operatorPublicKey: KeyObject;
}

export interface Hub88Setup {
  keys: Hub88Keys;
  operatorId: number;
  subPartnerId: string | undefined;
  /** Hub88's Operator API; null: the built-in simulator (play mode, nothing configured). */
  apiUrl: string | null;
  simulator: Hub88SimulatorKeys | null;
}

/**
 * Who Hub88 is for this process (decision 0046). With HUB88_API_URL: the real aggregator, its public
 * key and ours from the PEM files. In play mode with neither a URL nor Hub88's key: the built-in
 * simulator, whose key pair is made in this process (so every process that runs one trusts its own),
 * or read from HUB88_SIMULATOR_PRIVATE_KEY (a PEM file: a key kept across restarts, or shared by
 * processes started together, e.g. the browser tests' products, sparing each start a key generation).
 * Otherwise Hub88 is off: without HUB88_PUBLIC_KEY no call can pass. Configured keys are read at boot
 * (a bad path stops the process); generated ones when first needed (RSA key generation is slow).
 */
export function hub88Setup(
  config: Pick<
    Config,
    | 'HUB88_PUBLIC_KEY'
    | 'HUB88_OPERATOR_PRIVATE_KEY'
    | 'HUB88_SIMULATOR_PRIVATE_KEY'
    | 'HUB88_API_URL'
    | 'HUB88_OPERATOR_ID'
    | 'HUB88_SUB_PARTNER_ID'
    | 'MONEY_MODE'
  >,
): Hub88Setup {
  const simulated =
    config.HUB88_API_URL === undefined && config.HUB88_PUBLIC_KEY === undefined && config.MONEY_MODE === 'play';
  const operator = once(() => newKeyPair().privateKey, config.HUB88_OPERATOR_PRIVATE_KEY, readPrivateKey);
  const simulatorPrivate = once(
    () => newKeyPair().privateKey,
    simulated ? config.HUB88_SIMULATOR_PRIVATE_KEY : undefined,
    readPrivateKey,
  );
  const simulatorPair = lazy(() => {
    const privateKey = simulatorPrivate();
    return { privateKey, publicKey: createPublicKey(privateKey) };
  });
  const aggregator = simulated
    ? () => simulatorPair().publicKey
    : once(() => newKeyPair().publicKey, config.HUB88_PUBLIC_KEY, readPublicKey);
  const operatorPublic = lazy(() => createPublicKey(operator()));
  return {
    keys: {
      get aggregatorPublicKey() {
        return aggregator();
      },
      get operatorPrivateKey() {
        return operator();
      },
    },
    operatorId: config.HUB88_OPERATOR_ID ?? 1,
    subPartnerId: config.HUB88_SUB_PARTNER_ID,
    apiUrl: config.HUB88_API_URL ?? null,
    simulator: simulated
      ? {
          get privateKey() {
            return simulatorPair().privateKey;
          },
          get operatorPublicKey() {
            return operatorPublic();
          },
        }
      : null,
  };
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The configured key, read now; else one made on first use. */
function once(make: () => KeyObject, path: string | undefined, read: (path: string) => KeyObject): () => KeyObject {
  const configured = path === undefined ? undefined : read(path);
  return configured === undefined ? lazy(make) : () => configured;
}
