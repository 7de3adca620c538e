import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './idempotency';

/**
 * One key per submission attempt, reused when the same body is sent again (a retry after a network
 * failure or a refusal), so the server never moves money twice; a changed body gets a new key (the
 * server refuses a known key with another body). `done()` after a success starts afresh.
 */
export function useIdempotencyKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const fingerprint = JSON.stringify(body);
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
