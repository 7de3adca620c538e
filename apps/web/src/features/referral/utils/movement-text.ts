import type { ReferralTransaction } from '@khel/contract';
import { chosenLocale, formatCalendarDate } from '../../../lib/dates';
import { t, type Locale } from '../../../lib/i18n/i18n';

/**
 * A referral account movement's description: the server's text in English, word for word; in Hindi
 * worded from its kind and week (issue 14, ADR 0030).
 */
export function referralLineText(
  line: Pick<ReferralTransaction, 'kind' | 'description' | 'weekStartDate' | 'weekEndDate'>,
  locale: Locale = chosenLocale(),
): string {
  if (locale !== 'hi') return line.description;
  if (line.kind === 'claimed') return t('Referral bonus claimed to the main wallet');
  if (line.weekStartDate !== null && line.weekEndDate !== null)
    return t('Referral earnings {start} to {end}', {
      start: formatCalendarDate(line.weekStartDate),
      end: formatCalendarDate(line.weekEndDate),
    });
  return line.description;
}
