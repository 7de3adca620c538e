import { currentLocale, setLocale, useT } from '../../lib/i18n/i18n';

/**
 * English / हिन्दी (ADR 0030): each language named in its own script, so a reader of either finds it.
 * In the header for visitors, in the profile menu for members; the choice is remembered.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const locale = currentLocale();
  return (
    <div
      className={`language-switch ${className}`}
      role="group"
      aria-label={t('Language')}
      data-testid="language-switch"
    >
      {(['en', 'hi'] as const).map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={locale === code}
          className="language-switch__option"
          onClick={() => void setLocale(code)}
        >
          {code === 'en' ? 'English' : 'हिन्दी'}
        </button>
      ))}
    </div>
  );
}
