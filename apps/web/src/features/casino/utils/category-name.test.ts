import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/i18n';
import { categoryName } from './category-name';
import { filterGames, NO_FILTER } from './games';
import { SLOTS as GAMES } from '../testing/casino-fixtures';

afterEach(async () => setLocale('en', false));

describe('casino category names (issue 14)', () => {
  it('keeps the operator’s words in English', () => {
    expect(categoryName('Video Slots')).toBe('Video Slots');
    expect(categoryName('video  slots')).toBe('video  slots');
  });

  it('translates the usual categories in Hindi, ignoring case and spacing, and leaves invented ones as written', async () => {
    await setLocale('hi', false);
    expect(categoryName('Video Slots')).toBe('वीडियो स्लॉट');
    expect(categoryName(' card  games ')).toBe('कार्ड गेम');
    expect(categoryName('Live Casino')).toBe('लाइव कैसीनो');
    expect(categoryName('Crash')).toBe('क्रैश');
    expect(categoryName('Diwali Specials')).toBe('Diwali Specials');
  });

  it('lets a Hindi reader search by the category as shown', async () => {
    await setLocale('hi', false);
    const category = GAMES[0]!.game_category;
    const shown = categoryName(category);
    if (shown === category) throw new Error(`the fixture's first category (${category}) should have a Hindi name`);
    const found = filterGames(GAMES, { ...NO_FILTER, search: shown });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((game) => game.game_category === category)).toBe(true);
  });
});
