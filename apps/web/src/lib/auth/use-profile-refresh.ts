import { useEffect, useRef } from 'react';

/** Spec §4: the profile is reloaded on window focus and when the tab becomes visible. */
export function useProfileRefresh(enabled: boolean, refresh: () => void): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    if (!enabled) return;
    const onFocus = () => refreshRef.current();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refreshRef.current();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled]);
}
