import { useCallback, useRef } from 'react';

/**
 * A random UUID v4 for the Idempotency-Key header (PRODUCT.md §4), as the player app sends one.
 * crypto.randomUUID exists only in secure contexts; a back office on a plain-http LAN address still
 * has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission, reused while the same request is sent again (a double click, a retry after
 * no answer or a refusal), so the server moves money once; a changed request gets a new key (the
 * server refuses a known key with another body). `done()` after a success starts afresh.
 */
export function useIdempotencyKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown): string => {
    const fingerprint = JSON.stringify(request);
    if (last.current?.fingerprint === fingerprint) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { fingerprint, key };
    return key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}
