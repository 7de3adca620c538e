import { useCallback, useEffect, useState } from 'react';

/** m:ss, as the resend countdown shows it (spec §4): 10 → "0:10". */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** A seconds countdown that ticks once a second and stops at zero; `initial` starts it at once. */
export function useCountdown(initial = 0): { remaining: number; start: (seconds: number) => void; running: boolean } {
  const [remaining, setRemaining] = useState(initial);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => setRemaining(seconds), []);
  return { remaining, start, running };
}
