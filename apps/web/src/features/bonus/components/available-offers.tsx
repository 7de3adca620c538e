import type { AvailableOffer } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { msg, t } from '../../../lib/i18n/i18n';

/** "100% of your first deposit up to ₹5,000" / "₹500": what the offer gives, in one line. */
export function offerHeadline(offer: AvailableOffer): string {
  if (offer.fixedAmount !== null) return `${formatRupees(offer.fixedAmount)} bonus`;
  const cap = offer.capAmount !== null ? ` up to ${formatRupees(offer.capAmount)}` : '';
  const base =
    offer.kind === 'welcome' ? 'your first deposit' : `a deposit of ${formatRupees(offer.minDeposit ?? 0)} or more`;
  return `${offer.percent ?? 0}% of ${base}${cap}`;
}

const WHEN: Record<AvailableOffer['kind'], string> = {
  welcome: msg('Given when your first deposit is approved.'),
  deposit: msg('Given when a qualifying deposit is approved.'),
  manual: msg('Given by our team.'),
};

/** The offers a player can still get, so the page says how to earn a bonus, not just that there is none. */
export function AvailableOffers({ offers }: { offers: AvailableOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="available-offers-title" data-testid="available-offers">
      <h2 id="available-offers-title" className="section-title">
        {t('Offers you can get')}
      </h2>
      <ul className="stack">
        {offers.map((offer) => (
          <li key={offer._id} className="card stack-sm" data-testid="available-offer">
            <h3 className="bonus-card__title">{offer.name}</h3>
            <p>
              <strong>{offerHeadline(offer)}</strong>
            </p>
            <p className="muted">
              {t(WHEN[offer.kind])}
              {offer.kind === 'deposit' && offer.frequency !== 'once'
                ? ` At most once a ${offer.frequency === 'daily' ? 'day' : 'week'}.`
                : ''}
            </p>
            <ul className="bonus-rules__list">
              {offer.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
