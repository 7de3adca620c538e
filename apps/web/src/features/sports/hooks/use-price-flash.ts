import { useEffect, useRef, useState } from 'react';

/**
 * 'up' or 'down' for a moment after a price changes, so the cell can flash (spec: prices flash on
 * change); null otherwise and on the first render.
 */
export function usePriceFlash(value: number | null | undefined, durationMs = 700): 'up' | 'down' | null {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down'; at: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === value || before === null || before === undefined || value === null || value === undefined) return undefined;
    setFlash({ direction: value > before ? 'up' : 'down', at: Date.now() });
    const timer = setTimeout(() => setFlash(null), durationMs);
    return () => clearTimeout(timer);
  }, [value, durationMs]);
  return flash?.direction ?? null;
}
