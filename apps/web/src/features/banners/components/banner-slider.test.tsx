import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS, BANNER_SIZES } from '@khel/contract';
import { BannerSlides } from './banner-slider';

const banners = [1, 2, 3].map((order) => ({ _id: `b${order}`, baseImage: `/img/${order}.png`, order }));
const active = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

describe('banner slider', () => {
  it('advances every 2500 ms and wraps around', () => {
    vi.useFakeTimers();
    render(<BannerSlides banners={banners} />);
    expect(active()).toBe('Go to slide 1');
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS - 1));
    expect(active()).toBe('Go to slide 1');
    act(() => vi.advanceTimersByTime(1));
    expect(active()).toBe('Go to slide 2');
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 2));
    expect(active()).toBe('Go to slide 1');
  });

  it('pauses while hovered and jumps with the dots', () => {
    vi.useFakeTimers();
    render(<BannerSlides banners={banners} />);
    const slider = screen.getByTestId('banner-slider');
    fireEvent.mouseEnter(slider);
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 3));
    expect(active()).toBe('Go to slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(active()).toBe('Go to slide 3');
    fireEvent.mouseLeave(slider);
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(active()).toBe('Go to slide 1');
  });

  it('swipes on touch', () => {
    render(<BannerSlides banners={banners} />);
    const slider = screen.getByTestId('banner-slider');
    fireEvent.touchStart(slider, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(slider, { changedTouches: [{ clientX: 200 }] });
    expect(active()).toBe('Go to slide 2');
    fireEvent.touchStart(slider, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(slider, { changedTouches: [{ clientX: 220 }] });
    expect(active()).toBe('Go to slide 1');
  });
});

describe('banner images (ADR 0031)', () => {
  it('offers AVIF then WebP with width descriptors and sizes, and reserves the box with width and height', () => {
    const image = {
      width: 1200,
      height: 400,
      avifSrcset: '/m/1?w=360&format=avif 360w, /m/1?w=1280&format=avif 1200w',
      webpSrcset: '/m/1?w=360&format=webp 360w',
    };
    const { container } = render(
      <BannerSlides
        banners={[
          { _id: 'b1', baseImage: '/m/1', order: 1, image },
          {
            _id: 'b2',
            baseImage: '/m/2.svg',
            order: 2,
            image: { width: 1200, height: 400, avifSrcset: null, webpSrcset: null },
          },
        ]}
      />,
    );
    const [first, second] = [...container.querySelectorAll('picture')];
    const sources = [...(first?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => [source.type, source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual(
      [
        ['image/avif', image.avifSrcset, BANNER_SIZES],
        ['image/webp', image.webpSrcset, BANNER_SIZES],
      ],
    );
    const img = first?.querySelector('img');
    expect([
      img?.getAttribute('width'),
      img?.getAttribute('height'),
      img?.getAttribute('src'),
      img?.getAttribute('loading'),
      img?.getAttribute('fetchpriority'),
    ]).toEqual(['1200', '400', '/m/1', 'eager', 'high']);
    // A vector banner has no variants: the image alone, still sized, and lazy after the first.
    expect(second?.querySelectorAll('source').length).toBe(0);
    expect([
      second?.querySelector('img')?.getAttribute('width'),
      second?.querySelector('img')?.getAttribute('loading'),
    ]).toEqual(['1200', 'lazy']);
  });
});
