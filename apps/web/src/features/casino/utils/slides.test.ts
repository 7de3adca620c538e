import { describe, expect, it } from 'vitest';
import { clampStart, slidesForWidth, startShowing } from './slides';

describe('slides per width (spec §2: 2, 4 or 5)', () => {
  it.each([
    [320, 2],
    [390, 2],
    [767, 2],
    [768, 4],
    [1024, 4],
    [1199, 4],
    [1200, 5],
    [1920, 5],
  ])('%i px shows %i slides', (width, slides) => {
    expect(slidesForWidth(width)).toBe(slides);
  });
});

describe('carousel position', () => {
  it('keeps the first slide inside the list and the last page full', () => {
    expect(clampStart(-3, 9, 4)).toBe(0);
    expect(clampStart(4, 9, 4)).toBe(4);
    expect(clampStart(8, 9, 4)).toBe(5);
    expect(clampStart(3, 3, 5)).toBe(0);
  });

  it('moves as little as possible to show a slide', () => {
    expect(startShowing(1, 0, 9, 4)).toBe(0);
    expect(startShowing(5, 0, 9, 4)).toBe(2);
    expect(startShowing(1, 4, 9, 4)).toBe(1);
    expect(startShowing(8, 0, 9, 2)).toBe(7);
  });
});
