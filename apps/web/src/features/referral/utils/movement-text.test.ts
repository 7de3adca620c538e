import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/i18n';
import { referralLineText } from './movement-text';

afterEach(async () => setLocale('en', false));

const earned = {
  kind: 'earned' as const,
  description: 'Referral earnings 2026-11-15 to 2026-11-21',
  weekStartDate: '2026-11-15',
  weekEndDate: '2026-11-21',
};
const claimed = {
  kind: 'claimed' as const,
  description: 'Referral bonus claimed to the main wallet',
  weekStartDate: null,
  weekEndDate: null,
};

describe('referral movement wording (issue 14)', () => {
  it('keeps the server text word for word in English', () => {
    expect(referralLineText(earned)).toBe(earned.description);
    expect(referralLineText(claimed)).toBe(claimed.description);
  });

  it('words earnings and claims in Hindi, the week in Hindi dates; an earning without its week keeps the server text', async () => {
    await setLocale('hi', false);
    expect(referralLineText(claimed)).toBe('रेफ़रल बोनस मुख्य वॉलेट में क्लेम किया');
    expect(referralLineText(earned)).toMatch(/^रेफ़रल कमाई 15 नव.? 2026 से 21 नव.? 2026 तक$/);
    expect(referralLineText({ ...earned, weekStartDate: null })).toBe(earned.description);
  });
});
