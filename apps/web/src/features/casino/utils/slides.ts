/**
 * Spec §2: casino category and game carousels show 2, 4 or 5 slides depending on the width. Phones
 * (below the app's 768 px desktop break) get 2 large tiles a thumb can hit; tablets and small laptops
 * 4; from 1200 px, where the page reaches its full width, 5.
 */
export const SLIDE_BREAKPOINTS = { four: 768, five: 1200 } as const;
export const FOUR_SLIDES_QUERY = `(min-width: ${SLIDE_BREAKPOINTS.four}px)`;
export const FIVE_SLIDES_QUERY = `(min-width: ${SLIDE_BREAKPOINTS.five}px)`;

export type SlidesPerView = 2 | 4 | 5;

export function slidesForWidth(width: number): SlidesPerView {
  if (width >= SLIDE_BREAKPOINTS.five) return 5;
  if (width >= SLIDE_BREAKPOINTS.four) return 4;
  return 2;
}

/** The first slide shown, kept inside the list: the last page is always full when there are enough slides. */
export function clampStart(start: number, count: number, perView: number): number {
  const last = Math.max(0, count - perView);
  return Math.min(Math.max(0, start), last);
}

/** The start that brings slide `index` into view with as little movement as possible. */
export function startShowing(index: number, start: number, count: number, perView: number): number {
  if (index < start) return clampStart(index, count, perView);
  if (index >= start + perView) return clampStart(index - perView + 1, count, perView);
  return clampStart(start, count, perView);
}
