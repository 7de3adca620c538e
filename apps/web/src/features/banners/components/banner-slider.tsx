import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { BANNER_AUTOPLAY_MS, BANNER_SIZES, type Banner } from '@khel/contract';
import { Skeleton } from '../../../components/ui/spinner';
import { useBanners } from '../api/get-banners';
import { t } from '../../../lib/i18n/i18n';

const SWIPE_THRESHOLD_PX = 40;

/**
 * One banner: AVIF, then WebP, at the width the screen needs (width descriptors, ADR 0031), the stored
 * image as the fallback; width and height reserve its box. The first loads at once with high priority
 * (it is the page's largest image), the others lazily.
 */
function BannerImage({ banner, position }: { banner: Banner; position: number }) {
  const image = banner.image;
  const first = position === 0;
  return (
    <picture>
      {image?.avifSrcset ? <source type="image/avif" srcSet={image.avifSrcset} sizes={BANNER_SIZES} /> : null}
      {image?.webpSrcset ? <source type="image/webp" srcSet={image.webpSrcset} sizes={BANNER_SIZES} /> : null}
      <img
        src={banner.baseImage}
        alt={t('Promotion {n}', { n: position + 1 })}
        width={image?.width}
        height={image?.height}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
      />
    </picture>
  );
}

/**
 * The Home banner slider: autoplay every 2500 ms (spec §9), paused while hovered or focused so nobody
 * chases a moving target, swipeable on touch screens, with dots to jump to a slide.
 */
export function BannerSlides({ banners }: { banners: readonly Banner[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<number | null>(null);
  const count = banners.length;
  const current = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
    setPaused(true);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    setPaused(false);
    if (start === null || end === undefined) return;
    const delta = end - start;
    if (Math.abs(delta) >= SWIPE_THRESHOLD_PX) go(current + (delta < 0 ? 1 : -1));
  };

  if (count === 0) return null;
  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={t('Promotions')}
      data-testid="banner-slider"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div
        className="slider__track"
        style={{ transform: `translateX(-${current * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {banners.map((banner, position) => (
          <div
            key={banner._id}
            className="slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            aria-hidden={position !== current}
            data-active={position === current || undefined}
          >
            <BannerImage banner={banner} position={position} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="slider__dots">
          {banners.map((banner, position) => (
            <button
              key={banner._id}
              type="button"
              className="slider__dot"
              aria-label={t('Go to slide {n}', { n: position + 1 })}
              aria-current={position === current || undefined}
              onClick={() => go(position)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function BannerSlider() {
  const banners = useBanners();
  if (banners.isPending) return <Skeleton className="slider slider--loading" />;
  if (!banners.data || banners.data.length === 0) return null;
  return <BannerSlides banners={banners.data} />;
}
