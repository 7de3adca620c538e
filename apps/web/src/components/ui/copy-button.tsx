import { useEffect, useState } from 'react';
import { copyText } from '@khel/web-kit';
import { toast } from '../../lib/toast';
import { t } from '../../lib/i18n/i18n';

/** Copies a value (a UPI id, an account number) and says so; `label` names what is copied for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={t('Copy {label}', { label })}
      onClick={() => {
        void copyText(value).then((ok) => {
          if (ok) setCopied(true);
          else toast.warning(t('Could not copy, please select the text'));
        });
      }}
    >
      <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      <span className="visually-hidden" role="status">
        {copied ? `${label} copied` : ''}
      </span>
    </button>
  );
}
