import type { CasinoBet } from '@khel/contract';
import { chosenLocale, formatIndiaDigits } from '../../../lib/dates';
import { t, type Locale } from '../../../lib/i18n/i18n';
import type { CasinoKind } from './games';

/**
 * A casino history round's description, `Slots / <provider> / d/m/yyyy` (PRODUCT.md §4): the server's
 * text in English, word for word; in Hindi the lobby's name translated, provider and date as they are
 * (issue 14, ADR 0030).
 */
export function casinoRoundText(
  round: Pick<CasinoBet, 'description' | 'provider_name' | 'createdAt'>,
  lobby: CasinoKind,
  locale: Locale = chosenLocale(),
): string {
  if (locale !== 'hi') return round.description;
  return `${lobby === 'slots' ? t('Slots') : t('Live Casino')} / ${round.provider_name} / ${formatIndiaDigits(round.createdAt)}`;
}
