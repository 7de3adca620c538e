import { describe, expect, it } from 'vitest';
import { moveBanner } from './update-banner';

const banner = (id: string, order: number) => ({ _id: id, baseImage: `/api/v1/media/${id}`, order });

describe('moveBanner', () => {
  it('moves one banner a step and keeps the others in order', () => {
    const list = [banner('a', 0), banner('b', 1), banner('c', 2)];
    expect(moveBanner(list, 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveBanner(list, 'a', 1)).toEqual(['b', 'a', 'c']);
  });

  it('does nothing past either end or for an unknown banner', () => {
    const list = [banner('a', 0), banner('b', 1)];
    expect(moveBanner(list, 'a', -1)).toBeNull();
    expect(moveBanner(list, 'b', 1)).toBeNull();
    expect(moveBanner(list, 'zzz', 1)).toBeNull();
  });
});
