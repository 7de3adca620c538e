import { chosenLocale } from '../../../lib/dates';
import { msg, t } from '../../../lib/i18n/i18n';

/**
 * Casino category names are the operator's words (`game_category`), shown as lobby tiles and headings.
 * The usual ones are translated (issue 14); a category an operator invents is shown as written.
 * Matched ignoring case and spacing, so "Video slots" and "Video Slots" read the same.
 */
const KNOWN = [
  msg('Slots'),
  msg('Video Slots'),
  msg('Live Casino'),
  msg('Table Games'),
  msg('Card Games'),
  msg('Crash'),
  msg('Teen Patti'),
  msg('Andar Bahar'),
  msg('Dragon Tiger'),
  msg('Roulette'),
  msg('Baccarat'),
  msg('Blackjack'),
  msg('Poker'),
  msg('Game Shows'),
  msg('Jackpots'),
  msg('Lottery'),
];
const fold = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const BY_NAME = new Map(KNOWN.map((name) => [fold(name), name]));

/** A category's name in the chosen language. */
export function categoryName(category: string): string {
  if (chosenLocale() === 'en') return category;
  const id = BY_NAME.get(fold(category));
  return id === undefined ? category : t(id);
}
