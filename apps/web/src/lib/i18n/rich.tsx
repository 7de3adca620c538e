import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements inside it: `rich(translated, { mobile: <strong>…</strong> })` where the message holds `{mobile}`.
 * Word order differs between English and Hindi, so the element's place comes from the message itself.
 */
export function rich(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(/\{(\w+)\}/g)
    .map((piece, index) => (index % 2 === 1 ? <Fragment key={index}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece));
}
