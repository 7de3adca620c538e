import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/i18n';
import { casinoRoundText } from './round-text';

afterEach(async () => setLocale('en', false));

// 20:00 UTC on 21 Nov is 22 Nov in India.
const round = {
  description: 'Live Casino / Khel Originals / 22/11/2026',
  provider_name: 'Khel Originals',
  createdAt: '2026-11-21T20:00:00.000Z',
};

describe('casino history round wording (issue 14)', () => {
  it('keeps the server text word for word in English', () => {
    expect(casinoRoundText(round, 'live')).toBe('Live Casino / Khel Originals / 22/11/2026');
  });

  it('translates the lobby in Hindi, provider and India date as they are', async () => {
    await setLocale('hi', false);
    expect(casinoRoundText(round, 'live')).toBe('लाइव कैसीनो / Khel Originals / 22/11/2026');
    expect(casinoRoundText({ ...round, description: 'Slots / Khel Originals / 22/11/2026' }, 'slots')).toBe(
      'स्लॉट / Khel Originals / 22/11/2026',
    );
  });
});
