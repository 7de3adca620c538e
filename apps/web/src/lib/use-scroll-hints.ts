import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollHints {
  /** More content hides to the left (scrolled away from the start). */
  start: boolean;
  /** More content hides to the right. */
  end: boolean;
}

/** Which edges of a horizontal scroller hide content, from its scroll position and sizes. */
export function scrollHints(element: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): ScrollHints {
  const hidden = element.scrollWidth - element.clientWidth;
  return { start: element.scrollLeft > 1, end: hidden > 1 && element.scrollLeft < hidden - 1 };
}

/**
 * Keeps the hints current on scroll and resize, so a row of chips can fade the edge that has more
 * (phones hide scrollbars; without a cue the row looks complete).
 */
export function useScrollHints(ref: RefObject<HTMLElement | null>, contentKey: unknown): ScrollHints {
  const [hints, setHints] = useState<ScrollHints>({ start: false, end: false });
  const update = useCallback(() => {
    if (!ref.current) return;
    const next = scrollHints(ref.current);
    setHints((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, [ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    element.addEventListener('scroll', update, { passive: true });
    // The observer's first call comes once the browser has laid the row out anyway; measuring here
    // instead would force that layout inside the effect, a long task on a phone's first paint (issue 31).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    if (observer) observer.observe(element);
    else update();
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, update, contentKey]);
  return hints;
}
