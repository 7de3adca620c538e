import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  MESSAGES,
  bonusOfferCreateSchema,
  changePasswordRequestSchema,
  isValidMobileNo,
  loginRequestSchema,
  signUpRequestSchema,
  weeklyReferralQuerySchema,
} from './index.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('mobile_no (PRODUCT.md §3)', () => {
  it.each([
    ['919876543210', true],
    ['916123456789', true],
    ['915123456789', false], // Indian mobiles start 6–9
    ['91987654321', false],
    ['12025550123', true],
    ['10125550123', false], // US area codes start 2–9
    ['449876543210', false], // only India and the US
    ['', false],
  ])('%s valid: %s', (value, valid) => expect(isValidMobileNo(value)).toBe(valid));
});

describe('sign-up validation messages (spec §5)', () => {
  const valid = {
    name: 'Asha',
    mobile_no: '919876543210',
    password: 'sunrise-42',
    confirmPassword: 'sunrise-42',
    ageConfirmed: true,
  };

  it.each([
    [{ name: '' }, MESSAGES.nameRequired],
    [{ mobile_no: '' }, MESSAGES.mobileRequired],
    [{ password: '' }, MESSAGES.passwordRequired],
    [{ confirmPassword: '' }, MESSAGES.confirmPasswordRequired],
    [{ confirmPassword: 'different-1' }, MESSAGES.passwordsDoNotMatch],
    [{ ageConfirmed: false }, MESSAGES.ageConfirmRequired],
  ])('%o → %s', (change, message) => {
    expect(firstMessage(signUpRequestSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts a complete payload with a referral code', () => {
    expect(signUpRequestSchema.safeParse({ ...valid, affiliateCode: 'ABC123' }).success).toBe(true);
  });
});

describe('login and change password', () => {
  it('needs a mobile number or a username', () => {
    expect(loginRequestSchema.safeParse({ password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'asha1', password: 'x' }).success).toBe(true);
  });
  it('refuses mismatched new passwords', () => {
    const result = changePasswordRequestSchema.safeParse({
      old_password: 'a',
      password: 'abcdefgh1',
      confirm_password: 'abcdefgh2',
    });
    expect(firstMessage(result)).toBe(MESSAGES.passwordsDoNotMatch);
  });
});

describe('error catalogue', () => {
  it('gives every code a meta code and a message', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^[A-Z_]+$/);
      expect(entry.message.length).toBeGreaterThan(0);
      // 503: SERVICE_RESTARTING, a draining process's answer (decision 0041), travels with a real HTTP 503;
      // SMS_NOT_SENT (the gateway is down, decision 0060) is a business answer in the envelope.
      expect([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]).toContain(entry.metaCode);
    }
  });
});

describe('bonus and referral schemas (PRODUCT.md §8)', () => {
  const offer = {
    name: 'Welcome',
    kind: 'welcome',
    percent: 100,
    capAmount: 1000,
    fixedAmount: null,
    minDeposit: null,
    frequency: 'once',
    wageringMultiple: 10,
    minOdds: 1.5,
    contributions: { exchange: 100, bookmaker: 100, fancy: 50, slots: 100, liveCasino: 10 },
    daysToActivate: 7,
    daysToComplete: 30,
    maxConversion: null,
  };

  it('accepts a percent or a fixed amount, never both or neither', () => {
    expect(bonusOfferCreateSchema.safeParse(offer).success).toBe(true);
    expect(bonusOfferCreateSchema.safeParse({ ...offer, fixedAmount: 100 }).success).toBe(false);
    expect(bonusOfferCreateSchema.safeParse({ ...offer, percent: null }).success).toBe(false);
    expect(bonusOfferCreateSchema.safeParse({ ...offer, kind: 'deposit' }).success).toBe(false); // needs a minimum deposit
    expect(
      bonusOfferCreateSchema.safeParse({ ...offer, contributions: { ...offer.contributions, slots: 120 } }).success,
    ).toBe(false);
  });

  it('checks the weekly referral dates', () => {
    expect(weeklyReferralQuerySchema.safeParse({ startDate: '2026-11-15', endDate: '2026-11-21' }).success).toBe(true);
    expect(weeklyReferralQuerySchema.safeParse({ startDate: '2026-11-21', endDate: '2026-11-15' }).success).toBe(false);
    expect(weeklyReferralQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-11-15' }).success).toBe(false);
    expect(weeklyReferralQuerySchema.safeParse({ startDate: '15/11/2026', endDate: '2026-11-21' }).success).toBe(false);
  });
});
