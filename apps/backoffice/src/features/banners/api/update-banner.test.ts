import { describe, expect, it } from 'vitest';
import { reorderPlan } from './update-banner';

const banner = (id: string, order: number) => ({ _id: id, baseImage: `/api/v1/media/${id}`, order });

describe('reorderPlan', () => {
  it('swaps neighbours and sends only what changed', () => {
    expect(reorderPlan([banner('a', 0), banner('b', 1), banner('c', 2)], 'c', -1)).toEqual([
      { id: 'c', order: 1 },
      { id: 'b', order: 2 },
    ]);
  });

  it('untangles banners that share an order', () => {
    expect(reorderPlan([banner('a', 5), banner('b', 5), banner('c', 5)], 'a', 1)).toEqual([
      { id: 'b', order: 0 },
      { id: 'a', order: 1 },
      { id: 'c', order: 2 },
    ]);
  });

  it('does nothing past either end or for an unknown banner', () => {
    const list = [banner('a', 0), banner('b', 1)];
    expect(reorderPlan(list, 'a', -1)).toEqual([]);
    expect(reorderPlan(list, 'b', 1)).toEqual([]);
    expect(reorderPlan(list, 'zzz', 1)).toEqual([]);
  });
});
