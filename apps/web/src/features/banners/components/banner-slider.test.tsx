import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS } from '@khel/contract';
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
