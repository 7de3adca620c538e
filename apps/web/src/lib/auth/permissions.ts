import { PUBLIC_ROUTES, ROLES, WALLETS, type Profile } from '@khel/contract';
import { rupeesToPaise, type Paise } from '@khel/money';

type Flags = Pick<
  Profile,
  'allowHome' | 'allowLiveCasino' | 'allowSlots' | 'allowStatements' | 'allowProfitLoss' | 'referralAllow' | 'role'
>;

export function isPublicRoute(pathname: string): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(pathname);
}

export function isCreditPlayer(user: Pick<Profile, 'role'>): boolean {
  return user.role === ROLES.CREDIT_PLAYER;
}

/** The landing page order of spec §4: /slots if allowed, else / if allowHome, else /live-casino. */
export function landingPath(user: Flags): '/slots' | '/' | '/live-casino' | '/no-access' {
  if (user.allowSlots) return '/slots';
  if (user.allowHome) return '/';
  if (user.allowLiveCasino) return '/live-casino';
  // None of the three landing permissions: nowhere to land (spec §4 route guard).
  return '/no-access';
}

/** Balance display only when home, live casino or slots is allowed (spec §6). */
export function hasPlayAccess(user: Flags): boolean {
  return user.allowHome || user.allowLiveCasino || user.allowSlots;
}

export function canUseBonusWallet(user: Flags): boolean {
  return !isCreditPlayer(user);
}

export function canUseReferralBonus(user: Flags): boolean {
  return user.referralAllow && !isCreditPlayer(user);
}

/** Whether a signed-in user may see a route; unknown routes are not permitted. */
export function isRouteAllowed(pathname: string, user: Flags): boolean {
  // In-Play, the sports menu, Multi Markets and Results (issue 31) are Home's sports exchange too.
  switch (pathname.startsWith('/sports') ? '/event' : pathname) {
    case '/':
      return user.allowHome;
    case '/live-casino':
      return user.allowLiveCasino;
    case '/slots':
      return user.allowSlots;
    case '/statements':
      return user.allowStatements;
    case '/profit-loss':
      return user.allowProfitLoss;
    // Sports events belong to Home's sports exchange.
    case '/event':
      return user.allowHome;
    // Credit players have no deposit, withdrawal or bonus (spec §6).
    case '/deposit':
    case '/withdrawal':
    case '/bonus':
      return !isCreditPlayer(user);
    case '/referral-bonus':
      return canUseReferralBonus(user);
    // Saved accounts serve deposits and withdrawals, which credit players do not have.
    case '/payment-accounts':
      return !isCreditPlayer(user);
    // Limits and self-exclusion are open to every member (PRODUCT.md §7).
    case '/responsible-gambling':
      return true;
    default:
      return false;
  }
}

export type GuardStatus = 'visitor' | 'loading' | 'member';

/**
 * Where the guard sends the player, or null to stay (spec §4). `verified` says the profile came from the
 * server in this page load: the public pages wait for it before sending a token holder away, so a dead
 * token never bounces the player off /login.
 */
export function guardRedirect(input: {
  pathname: string;
  search: string;
  status: GuardStatus;
  verified: boolean;
  user: Flags | null;
  /** Where a fresh session asked to go (OTP verification: `/`, spec §4); else the landing page. */
  destination?: string | null;
}): string | null {
  const { pathname, search, status, verified, user, destination } = input;
  if (status === 'visitor' || user === null) {
    if (status === 'loading') return null;
    // Keep ?referral_code= so the Sign Up modal still opens on the login page.
    const keep = new URLSearchParams(search).has('referral_code') ? search : '';
    return isPublicRoute(pathname) ? null : `/login${keep}`;
  }
  const landing = landingPath(user);
  if (isPublicRoute(pathname)) {
    if (!verified) return null;
    // The destination still passes the guard: a player without Home goes on to their landing page.
    return destination && landing !== '/no-access' && isRouteAllowed(destination, user) ? destination : landing;
  }
  if (landing === '/no-access') return pathname === '/no-access' ? null : '/no-access';
  if (pathname === '/no-access') return landing;
  return isRouteAllowed(pathname, user) ? null : landing;
}

/**
 * Header balance: balance + exposure of the selected wallet (spec §3, PRODUCT.md §3), added in paise so
 * no floating-point rupee arithmetic happens on screen either.
 */
export function displayedBalance(user: Pick<Profile, 'wallet' | 'balance' | 'exposure' | 'bonus' | 'bonusExposure'>): {
  availablePaise: Paise;
  exposurePaise: Paise;
} {
  const bonus = user.wallet === WALLETS.BONUS;
  const balancePaise = rupeesToPaise(bonus ? user.bonus : user.balance) ?? 0;
  const exposurePaise = rupeesToPaise(bonus ? user.bonusExposure : user.exposure) ?? 0;
  return { availablePaise: balancePaise + exposurePaise, exposurePaise };
}
