import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords: Argon2id, at least 8 characters (checked by the contract schema); what a new password may not
 * be is in password-rules.ts. A hash carries its own parameters, so a password verifies whatever cost it
 * was hashed at.
 */
// algorithm 2 is Argon2id (the package exports it as an ambient const enum, which isolated modules cannot read).
const ARGON2_COSTS = {
  /** OWASP's second recommended parameter set: 19 MiB, 2 passes. Every deployment. */
  owasp: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /**
   * The algorithm's least (8 KiB, 1 pass), for the server's test files only (decision 0084): about 20 ms of
   * CPU less per sign-up and login there. The configuration refuses it outside NODE_ENV=test.
   */
  minimal: { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashCost = keyof typeof ARGON2_COSTS;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Verifies against a hash of a random password, when the account does not exist, so timing says nothing. */
  verifyAgainstDecoy(password: string): Promise<void>;
}

export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = ARGON2_COSTS[cost];
  const hashPassword = (password: string) => hash(password, options);
  async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
  let decoyHash: Promise<string> | null = null;
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyAgainstDecoy(password) {
      decoyHash ??= hashPassword('decoy-password-that-no-account-has');
      await verifyPassword(await decoyHash, password);
    },
  };
}
