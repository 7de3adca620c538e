import { useState } from 'react';

/** A game's lobby image, or its initials when there is none or it does not load. */
export function GameThumb({ src, title, large = false }: { src: string; title: string; large?: boolean }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = `casino-thumb${large ? ' casino-thumb-large' : ''}`;
  if (src.trim() === '' || failedSrc === src) {
    const initials = title
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('');
    return (
      <span
        className={`${className} casino-thumb-empty`}
        role="img"
        aria-label={src.trim() === '' ? `${title}: no image` : `${title}: image did not load`}
      >
        {initials || '?'}
      </span>
    );
  }
  return <img className={className} src={src} alt={title} loading="lazy" onError={() => setFailedSrc(src)} />;
}
