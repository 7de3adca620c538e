import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords: Argon2id (OWASP's second recommended parameter set: 19 MiB, 2 iterations), at least 8
 * characters (checked by the contract schema); what a new password may not be is in password-rules.ts.
 */
// algorithm 2 is Argon2id (the package exports it as an ambient const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, so timing says nothing. */
let decoyHash: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-that-no-account-has');
  await verifyPassword(await decoyHash, password);
}
