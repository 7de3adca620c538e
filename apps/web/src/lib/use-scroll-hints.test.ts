import { describe, expect, it } from 'vitest';
import { scrollHints } from './use-scroll-hints';

describe('scroll hints for a row of chips', () => {
  it('says which edges hide more chips', () => {
    expect(scrollHints({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ start: false, end: false });
    expect(scrollHints({ scrollLeft: 0, scrollWidth: 600, clientWidth: 300 })).toEqual({ start: false, end: true });
    expect(scrollHints({ scrollLeft: 150, scrollWidth: 600, clientWidth: 300 })).toEqual({ start: true, end: true });
    expect(scrollHints({ scrollLeft: 300, scrollWidth: 600, clientWidth: 300 })).toEqual({ start: true, end: false });
  });
});
