import { CopyButton } from '../../../components/ui/copy-button';
import { t } from '../../../lib/i18n/i18n';

/** The share link of PRODUCT.md §8: this site's address with the server's `/?referral_code=CODE`. */
export function shareLink(sharePath: string, origin: string = window.location.origin): string {
  return `${origin}${sharePath.startsWith('/') ? '' : '/'}${sharePath}`;
}

/** wa.me opens WhatsApp (app on phones, web on desktop) with the message filled in. */
export function whatsAppLink(link: string): string {
  const text = t('Join me and play with my referral code: {link}', { link });
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The player's code and link, each with a copy button, and a WhatsApp share. */
export function SharePanel({ code, sharePath }: { code: string; sharePath: string }) {
  const link = shareLink(sharePath);
  return (
    <section className="card stack referral-share" aria-labelledby="referral-share-title" data-testid="referral-share">
      <h2 id="referral-share-title" className="section-title">
        {t('Invite friends')}
      </h2>
      <p className="muted">
        {t(
          'Friends who sign up with your code are linked to you for good. Each week you earn a share of what they lose.',
        )}
      </p>
      <div className="detail-row">
        <span className="detail-row__label">{t('Your code')}</span>
        <strong className="detail-row__value referral-share__code" data-testid="referral-code">
          {code}
        </strong>
        <CopyButton value={code} label="referral code" />
      </div>
      <div className="detail-row">
        <span className="detail-row__label">{t('Share link')}</span>
        <span className="detail-row__value referral-share__link" data-testid="referral-link">
          {link}
        </span>
        <CopyButton value={link} label="share link" />
      </div>
      <a
        className="button button--primary button--block"
        href={whatsAppLink(link)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="whatsapp-share"
      >
        {t('Share on WhatsApp')}
      </a>
    </section>
  );
}
