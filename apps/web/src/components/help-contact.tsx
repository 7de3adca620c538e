import { useAppSettings } from '../lib/app-settings';
import { t } from '../lib/i18n/i18n';

/**
 * Help from the operator (issue 31): a WhatsApp chat (wa.me) and a call (tel:) to the numbers the
 * operator set with the branding, each shown only when set; nothing at all when neither is. The numbers
 * arrive as international digits (the branding's contract), so the links need no formatting.
 */
export function HelpContact({
  as: Wrapper,
  className,
  linkClassName,
  onOpen,
}: {
  /** The element holding the links: a list item in the account drawer, a paragraph on the login page. */
  as: 'li' | 'p';
  className: string;
  linkClassName: string;
  onOpen?: () => void;
}) {
  const settings = useAppSettings().data;
  const whatsapp = settings?.helpWhatsapp ?? null;
  const phone = settings?.helpPhone ?? null;
  if (whatsapp === null && phone === null) return null;
  return (
    <Wrapper className={className} data-testid="help-contact">
      {whatsapp !== null ? (
        <a
          className={linkClassName}
          href={`https://wa.me/${whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="help-whatsapp"
          onClick={onOpen}
        >
          {t('Help on WhatsApp')}
        </a>
      ) : null}
      {phone !== null ? (
        <a className={linkClassName} href={`tel:+${phone}`} data-testid="help-phone" onClick={onOpen}>
          {t('Call for help')} <span className="muted">+{phone}</span>
        </a>
      ) : null}
    </Wrapper>
  );
}
