import {
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { useSlidesPerView } from '../hooks/use-slides-per-view';
import { clampStart, startShowing } from '../utils/slides';
import { t } from '../../../lib/i18n/i18n';

const SWIPE_THRESHOLD_PX = 40;

export interface CarouselProps<T> {
  /** What the carousel holds ("Video Slots", "Categories"): names the region and its buttons. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Fixed number of slides; by default 2, 4 or 5 by the window's width (spec §2). */
  perView?: number;
  testId?: string;
  className?: string;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A row of slides, `perView` at a time. Previous / Next move a page; with focus inside, the arrow keys
 * do the same and Home / End jump to the ends; tabbing onto a slide out of view brings it into view;
 * a swipe moves a page on touch screens. Slides stay in the tab order so nothing is out of reach.
 */
export function Carousel<T>({
  label,
  items,
  itemKey,
  renderItem,
  perView: fixed,
  testId,
  className,
}: CarouselProps<T>) {
  const id = useId();
  const responsive = useSlidesPerView();
  const perView = fixed ?? responsive;
  const count = items.length;
  const [rawStart, setStart] = useState(0);
  const start = clampStart(rawStart, count, perView);
  const touchStart = useRef<number | null>(null);
  const last = Math.max(0, count - perView);
  const canGoBack = start > 0;
  const canGoOn = start < last;

  const move = (pages: number) => setStart(clampStart(start + pages * perView, count, perView));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.matches('input, select, textarea')) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => move(-1),
      ArrowRight: () => move(1),
      Home: () => setStart(0),
      End: () => setStart(last),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const from = touchStart.current;
    const to = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (from === null || to === undefined || Math.abs(to - from) < SWIPE_THRESHOLD_PX) return;
    move(to < from ? 1 : -1);
  };

  const shownTo = Math.min(count, start + perView);
  const style = { '--per-view': perView, '--start': start } as CSSProperties;

  return (
    <section
      className={`carousel ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-per-view={perView}
      data-start={start}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      style={style}
    >
      <div className="carousel__viewport">
        <div className="carousel__track" id={`${id}-track`}>
          {items.map((item, index) => {
            const visible = index >= start && index < start + perView;
            return (
              <div
                key={itemKey(item)}
                className="carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                data-visible={visible || undefined}
                onFocus={() => {
                  if (!visible) setStart(startShowing(index, start, count, perView));
                }}
              >
                {renderItem(item, index)}
              </div>
            );
          })}
        </div>
      </div>
      {count > perView ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button carousel__button--prev"
            aria-label={t('Previous: {label}', { label })}
            aria-controls={`${id}-track`}
            disabled={!canGoBack}
            onClick={() => move(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="carousel__button carousel__button--next"
            aria-label={t('Next: {label}', { label })}
            aria-controls={`${id}-track`}
            disabled={!canGoOn}
            onClick={() => move(1)}
          >
            <Chevron direction="right" />
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {count === 0 ? '' : `${label}: showing ${start + 1} to ${shownTo} of ${count}`}
      </p>
    </section>
  );
}
