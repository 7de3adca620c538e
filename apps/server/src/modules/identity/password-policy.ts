import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords: Argon2id (OWASP's second recommended parameter set: 19 MiB, 2 iterations), at least 8
 * characters (checked by the contract schema), and not one of the passwords people pick most often.
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

/**
 * The most common passwords of 8 or more characters in public breach lists (shorter ones already fail
 * the length rule), plus the obvious local ones. Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set(
  `12345678 123456789 1234567890 12345678910 password password1 password12 password123 password@123 passw0rd
  p@ssw0rd p@ssword 11111111 111111111 1111111111 00000000 000000000 0000000000 88888888 99999999 66666666
  12341234 11223344 12121212 87654321 98765432 987654321 9876543210 qwertyui qwertyuiop qwerty123 qwerty12
  1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx asdfghjk asdfghjkl zxcvbnm1 zxcvbnm123 abcd1234 abcdefgh abc12345
  abcdef123 a1b2c3d4 iloveyou iloveyou1 sunshine princess football baseball superman batman123 trustno1
  welcome1 welcome123 letmein1 letmein123 admin123 administrator changeme monkey123 dragon123 master123
  starwars whatever jennifer michelle computer internet mustang1 shadow12 charlie1 jordan23 liverpool
  chelsea1 arsenal1 manchester cricket1 cricket123 sachin10 sachin123 dhoni007 india123 india@123
  indian123 bharat123 hindustan krishna1 ganesh123 jaishriram jaihind123 mumbai123 delhi123 kolkata123
  bangalore chennai123 hyderabad 1234qwer q1w2e3r4 q1w2e3r4t5 asdf1234 qazwsxedc 123qweasd 123123123
  123321123 147258369 159357456 741852963 789456123 7894561230 963852741 password! passw0rd1 secret123
  football1 baseball1 princess1 sunshine1 lovely123 loveyou123 myspace1 michael1 jessica1 ashley123
  nicole123 daniel123 anthony1 matthew1 samsung1 samsung123 nokia123 google123 facebook gmail123
  hello123 helloworld test1234 testtest demo1234 guest123 user1234 login123 default1 1234abcd`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
