import { dictionary } from '@zxcvbn-ts/language-common';
import { PHONE_COUNTRIES } from '@khel/contract';

/**
 * What makes a new password too easy to guess (PRODUCT.md §7, NIST SP 800-63B §5.1.1.2): a password
 * from breach lists, one character or a short pattern repeated, a run such as 12345678 or abcdefgh,
 * the site's own name, or the player's own mobile number. The length rule (8–128) is the contract's.
 *
 * The breach list is zxcvbn-ts's common-passwords dictionary (about 49,000 passwords from public
 * breach corpora, kept by the zxcvbn-ts project); a few Indian favourites it lacks are added here.
 */
export const PASSWORD_PROBLEMS = {
  common: 'This password is too common, choose another',
  repeated: 'Password must not repeat one character or a short pattern, choose another',
  sequential: 'Password must not be a sequence such as 12345678 or abcdefgh, choose another',
  siteName: 'Password must not contain the name of this site, choose another',
  mobileNo: 'Password must not contain your mobile number, choose another',
} as const;

const LOCAL_FAVOURITES = `sachin10 sachin123 dhoni007 india123 india@123 indian123 bharat123 hindustan jaishriram
  jaihind123 mumbai123 delhi123 kolkata123 chennai123 cricket123 ganesh123 krishna123`.split(/\s+/);

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [...dictionary['passwords-common'], ...LOCAL_FAVOURITES].map((word) => word.toLowerCase()),
);

/** How many entries the breach list holds (the issue asks for at least 10,000; a test checks it). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export interface PasswordContext {
  siteName: string;
  /** The account's mobile_no, digits with the country code. */
  mobileNo: string;
}

function isCommon(lower: string): boolean {
  if (COMMON_PASSWORDS.has(lower)) return true;
  // "Password1!" and "password!!" are the list's words with decoration.
  const bare = lower.replace(/[^a-z0-9]+$/, '').replace(/\d{1,4}$/, '');
  return bare.length >= 4 && bare !== lower && COMMON_PASSWORDS.has(bare);
}

/** One character fills all but two places ("aaaaaaa1"), or a unit of up to four repeats ("abababab"). */
function isRepeated(lower: string): boolean {
  const counts = new Map<string, number>();
  for (const char of lower) counts.set(char, (counts.get(char) ?? 0) + 1);
  if (Math.max(...counts.values()) >= lower.length - 2) return true;
  for (let unit = 1; unit <= 4; unit += 1) {
    if (
      lower.length >= unit * 2 &&
      lower ===
        lower
          .slice(0, unit)
          .repeat(Math.ceil(lower.length / unit))
          .slice(0, lower.length)
    )
      return true;
  }
  return false;
}

/** The longest run of characters each one above (or each one below) the one before. */
function longestRun(lower: string): number {
  let longest = 1;
  for (const step of [1, -1]) {
    let run = 1;
    for (let index = 1; index < lower.length; index += 1) {
      run = lower.charCodeAt(index) - lower.charCodeAt(index - 1) === step ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
  }
  return longest;
}

function nationalNumber(mobileNo: string): string {
  const country = PHONE_COUNTRIES.find((candidate) => mobileNo.startsWith(candidate.dialCode));
  return country === undefined ? mobileNo : mobileNo.slice(country.dialCode.length);
}

/** The first rule a new password breaks, as a message for the player, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  const lower = password.toLowerCase();
  if (isCommon(lower)) return PASSWORD_PROBLEMS.common;
  if (isRepeated(lower)) return PASSWORD_PROBLEMS.repeated;
  if (longestRun(lower) >= Math.max(4, lower.length - 2)) return PASSWORD_PROBLEMS.sequential;
  const site = context.siteName.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (site.length >= 3 && lower.replace(/[^\p{L}\p{N}]/gu, '').includes(site)) return PASSWORD_PROBLEMS.siteName;
  const national = nationalNumber(context.mobileNo);
  // With or without the country code, and with spaces or dashes between the digits.
  if (national.length >= 6 && password.replace(/\D/g, '').includes(national)) return PASSWORD_PROBLEMS.mobileNo;
  return null;
}
