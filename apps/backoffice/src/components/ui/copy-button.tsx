import { useState } from 'react';
import { toast } from '../../lib/toast';

/** Writes text through the Clipboard API, else through a hidden textarea (older or insecure origins). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard !== undefined) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the old way */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

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
      {copied ? '✓' : '⧉'}
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
