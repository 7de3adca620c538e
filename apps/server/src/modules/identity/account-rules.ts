import { PHONE_COUNTRIES } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import { passwordProblem } from './password-rules.js';

/** The checks that sign-up, login, passwords and the back office share. */
export function createAccountRules(deps: {
  repository: IdentityRepository;
  clock: Clock;
  moneyMode: 'play' | 'real';
  realMoneyJurisdictions: string[];
  siteName: () => Promise<string>;
}) {
  const countryOf = (mobileNo: string): string | null =>
    PHONE_COUNTRIES.find((country) => mobileNo.startsWith(country.dialCode))?.iso ?? null;

  return {
    async assertAcceptablePassword(password: string, mobileNo: string): Promise<void> {
      const problem = passwordProblem(password, { siteName: await deps.siteName(), mobileNo });
      if (problem !== null) fail('WEAK_PASSWORD', problem);
    },

    /** PRODUCT.md §5: in real-money mode only players from configured jurisdictions may sign up or log in. */
    assertJurisdiction(mobileNo: string): void {
      if (deps.moneyMode !== 'real') return;
      const country = countryOf(mobileNo);
      if (country === null || !deps.realMoneyJurisdictions.includes(country)) fail('JURISDICTION_BLOCKED');
    },

    assertMayEnter(user: UserRow): void {
      if (user.suspended_at !== null) fail('ACCOUNT_SUSPENDED');
      if (user.self_excluded_until !== null && user.self_excluded_until.getTime() > deps.clock.now().getTime()) {
        fail(
          'ACCOUNT_SELF_EXCLUDED',
          `Your account is self-excluded until ${user.self_excluded_until.toISOString().slice(0, 10)}`,
        );
      }
    },

    async requireUser(userId: string): Promise<UserRow> {
      return (await deps.repository.findById(userId)) ?? fail('NOT_FOUND', 'Account not found');
    },
  };
}
export type AccountRules = ReturnType<typeof createAccountRules>;
