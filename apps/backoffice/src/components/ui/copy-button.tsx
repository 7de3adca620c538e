import { useState } from 'react';
import { copyText } from '@khel/web-kit';
import { toast } from '../../lib/toast';

/** A small button beside a value an operator types into their banking app: account numbers, IFSC, UPI ids. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={() => {
        void copyText(value).then((ok) => {
          if (ok) {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
            toast.success(`${label.charAt(0).toUpperCase()}${label.slice(1)} copied`);
          } else {
            toast.error('Could not copy, please select the text instead');
          }
        });
      }}
    >
      {/* Drawn, not a glyph: copy symbols are missing from many fonts. */}
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        {copied ? (
          <path
            d="M3 8.5l3 3 7-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <>
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path
              d="M10.5 3.5v-.5a1.5 1.5 0 0 0-1.5-1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </>
        )}
      </svg>
    </button>
  );
}

/** A value with its copy button, kept on one line where it fits. */
export function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <span className="copyable">
      <span className="copyable-value">{value}</span>
      <CopyButton value={value} label={label} />
    </span>
  );
}
