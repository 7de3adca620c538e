import { useMediaQuery } from '@khel/web-kit';
import { FIVE_SLIDES_QUERY, FOUR_SLIDES_QUERY, type SlidesPerView } from '../utils/slides';

/** 2, 4 or 5 slides by the window's width (spec §2), following resizes and rotation. */
export function useSlidesPerView(): SlidesPerView {
  const four = useMediaQuery(FOUR_SLIDES_QUERY);
  const five = useMediaQuery(FIVE_SLIDES_QUERY);
  return five ? 5 : four ? 4 : 2;
}
