import { useCallback } from 'react';

/**
 * Shows bytes fetched with the bearer header. The object URL lives exactly as long as the <img>: it is
 * made and revoked in a ref callback (React 19 ref cleanup), so nothing leaks and StrictMode is safe.
 */
export function BlobImage({ blob, alt, className }: { blob: Blob; alt: string; className?: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (img === null) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return <img ref={attach} alt={alt} className={className} />;
}
