import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../testing/fixtures';
import { displayedBalance, guardRedirect, isRouteAllowed, landingPath } from './permissions';

const flags = (allowSlots: boolean, allowHome: boolean, allowLiveCasino: boolean) =>
  makeProfile({ allowSlots, allowHome, allowLiveCasino });

describe('landing page (spec §4: /slots, else /, else /live-casino)', () => {
  it.each([
    [true, true, true, '/slots'],
    [true, false, false, '/slots'],
    [false, true, true, '/'],
    [false, true, false, '/'],
    [false, false, true, '/live-casino'],
    [false, false, false, '/no-access'],
  ] as const)('slots=%s home=%s liveCasino=%s → %s', (slots, home, live, expected) => {
    expect(landingPath(flags(slots, home, live))).toBe(expected);
  });
});

describe('route guard', () => {
  const member = (user = makeProfile(), pathname = '/', verified = true, search = '') =>
    guardRedirect({ pathname, search, status: 'member', verified, user });

  it('sends visitors to /login from every page but the public ones', () => {
    for (const pathname of [
      '/',
      '/slots',
      '/live-casino',
      '/deposit',
      '/statements',
      '/event',
      '/no-access',
      '/nowhere',
    ]) {
      expect(guardRedirect({ pathname, search: '', status: 'visitor', verified: false, user: null })).toBe('/login');
    }
    for (const pathname of ['/login', '/register', '/forgot-password']) {
      expect(guardRedirect({ pathname, search: '', status: 'visitor', verified: false, user: null })).toBeNull();
    }
  });

  it('keeps ?referral_code= on the way to /login so Sign Up can still open', () => {
    expect(
      guardRedirect({ pathname: '/', search: '?referral_code=ABC', status: 'visitor', verified: false, user: null }),
    ).toBe('/login?referral_code=ABC');
  });

  it('sends a fresh session to the destination it asked for (OTP verification: /), when allowed', () => {
    const guard = (user: ReturnType<typeof makeProfile>, destination: string | null) =>
      guardRedirect({ pathname: '/register', search: '', status: 'member', verified: true, user, destination });
    expect(guard(makeProfile(), '/')).toBe('/');
    expect(guard(makeProfile(), null)).toBe('/slots');
    expect(guard(makeProfile({ allowHome: false }), '/')).toBe('/slots');
    expect(guard(makeProfile({ allowHome: false, allowSlots: false, allowLiveCasino: false }), '/')).toBe('/no-access');
  });

  it('waits while the profile of a stored token loads', () => {
    expect(
      guardRedirect({ pathname: '/slots', search: '', status: 'loading', verified: false, user: null }),
    ).toBeNull();
  });

  it('sends a token holder away from /login only once the server confirmed the profile', () => {
    expect(member(makeProfile(), '/login', false)).toBeNull();
    expect(member(makeProfile(), '/login', true)).toBe('/slots');
    expect(member(makeProfile({ allowSlots: false }), '/login', true)).toBe('/');
    expect(member(makeProfile({ allowSlots: false, allowHome: false }), '/login', true)).toBe('/live-casino');
  });

  it('sends a user with none of the permissions to /no-access, and others away from it', () => {
    const none = makeProfile({ allowSlots: false, allowHome: false, allowLiveCasino: false });
    expect(member(none, '/')).toBe('/no-access');
    expect(member(none, '/statements')).toBe('/no-access');
    expect(member(none, '/no-access')).toBeNull();
    expect(member(makeProfile(), '/no-access')).toBe('/slots');
  });

  it('redirects a route that is not permitted to the landing page', () => {
    expect(member(makeProfile({ allowHome: false }), '/')).toBe('/slots');
    expect(member(makeProfile({ allowSlots: false }), '/slots')).toBe('/');
    expect(member(makeProfile({ allowSlots: false, allowHome: false }), '/slots')).toBe('/live-casino');
    expect(member(makeProfile({ allowStatements: false }), '/statements')).toBe('/slots');
    expect(member(makeProfile({ allowProfitLoss: false }), '/profit-loss')).toBe('/slots');
    expect(member(makeProfile(), '/unknown')).toBe('/slots');
  });

  it('keeps credit players off deposit, withdrawal, bonus and referral bonus (spec §6)', () => {
    const credit = makeProfile({ role: 6 });
    for (const pathname of ['/deposit', '/withdrawal', '/bonus', '/referral-bonus'])
      expect(isRouteAllowed(pathname, credit)).toBe(false);
    expect(isRouteAllowed('/deposit', makeProfile())).toBe(true);
    expect(isRouteAllowed('/referral-bonus', makeProfile({ referralAllow: false }))).toBe(false);
    // Payment accounts serve deposits and withdrawals; responsible gambling is for every member.
    expect(isRouteAllowed('/payment-accounts', credit)).toBe(false);
    expect(isRouteAllowed('/payment-accounts', makeProfile())).toBe(true);
    expect(isRouteAllowed('/responsible-gambling', credit)).toBe(true);
  });

  it("opens the /sports pages (In-Play, menu, Multi Markets, Results) with Home's sports exchange", () => {
    for (const pathname of ['/sports', '/sports/in-play', '/sports/multi-markets', '/sports/results']) {
      expect(isRouteAllowed(pathname, makeProfile()), pathname).toBe(true);
      expect(isRouteAllowed(pathname, makeProfile({ allowHome: false })), pathname).toBe(false);
    }
  });
});

describe('header balance', () => {
  it('is balance + exposure of the main wallet, in exact paise', () => {
    expect(displayedBalance(makeProfile({ balance: 100.1, exposure: -0.2 }))).toEqual({
      availablePaise: 9990,
      exposurePaise: -20,
    });
  });
  it('is bonus + bonusExposure of the bonus wallet', () => {
    expect(displayedBalance(makeProfile({ wallet: '2', bonus: 500, bonusExposure: -100 }))).toEqual({
      availablePaise: 40000,
      exposurePaise: -10000,
    });
  });
});
