import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setWidth } from '../testing/casino-fixtures';
import { Carousel } from './carousel';

const ITEMS = Array.from({ length: 9 }, (_, index) => `Game ${index + 1}`);

function renderCarousel(items: readonly string[] = ITEMS) {
  return render(
    <Carousel
      label="Video Slots"
      testId="carousel"
      items={items}
      itemKey={(item) => item}
      renderItem={(item) => <button type="button">{item}</button>}
    />,
  );
}

const carousel = () => screen.getByTestId('carousel');
const visible = () => Array.from(carousel().querySelectorAll('[data-visible]')).map((slide) => slide.textContent);

describe('carousel', () => {
  it.each([
    [360, 2],
    [800, 4],
    [1366, 5],
  ])('at %i px shows %i slides', (width, slides) => {
    setWidth(width);
    renderCarousel();
    expect(carousel().getAttribute('data-per-view')).toBe(String(slides));
    expect(visible()).toEqual(ITEMS.slice(0, slides));
    expect(carousel().style.getPropertyValue('--per-view')).toBe(String(slides));
  });

  it('pages with labelled Previous / Next buttons that stop at the ends', async () => {
    setWidth(800);
    renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous: Video Slots' });
    const next = screen.getByRole('button', { name: 'Next: Video Slots' });
    expect(previous).toHaveProperty('disabled', true);
    await userEvent.click(next);
    expect(visible()).toEqual(ITEMS.slice(4, 8));
    await userEvent.click(next);
    // The last page stays full: slides 6–9.
    expect(visible()).toEqual(ITEMS.slice(5, 9));
    expect(next).toHaveProperty('disabled', true);
    expect(screen.getByText('Video Slots: showing 6 to 9 of 9')).toBeTruthy();
    await userEvent.click(previous);
    expect(visible()).toEqual(ITEMS.slice(1, 5));
  });

  it('is keyboard operable: arrows page, Home / End jump, tabbing brings a hidden slide into view', async () => {
    setWidth(360);
    renderCarousel();
    const first = screen.getByRole('button', { name: 'Game 1' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(visible()).toEqual(['Game 3', 'Game 4']);
    fireEvent.keyDown(first, { key: 'End' });
    expect(visible()).toEqual(['Game 8', 'Game 9']);
    fireEvent.keyDown(first, { key: 'Home' });
    expect(visible()).toEqual(['Game 1', 'Game 2']);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Game 3');
    expect(visible()).toEqual(['Game 2', 'Game 3']);
  });

  it('labels slides and hides the buttons when everything fits', () => {
    setWidth(1366);
    renderCarousel(ITEMS.slice(0, 3));
    expect(within(carousel()).queryByRole('button', { name: /Next/ })).toBeNull();
    expect(within(carousel()).getByRole('group', { name: '3 of 3' }).textContent).toBe('Game 3');
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel');
  });

  it('swipes a page on touch screens', () => {
    setWidth(360);
    renderCarousel();
    fireEvent.touchStart(carousel(), { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(carousel(), { changedTouches: [{ clientX: 200 }] });
    expect(visible()).toEqual(['Game 3', 'Game 4']);
    fireEvent.touchStart(carousel(), { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(carousel(), { changedTouches: [{ clientX: 120 }] });
    expect(visible()).toEqual(['Game 3', 'Game 4']);
  });
});
