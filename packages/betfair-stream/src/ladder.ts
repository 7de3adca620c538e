import type { LevelPriceSize, PriceSize } from './protocol.js';

/**
 * A price-point ladder (atb, atl, trd, spb, spl; ESA-3): keyed by price, [price, 0] removes the price.
 * Kept unsorted (a delta is one Map write); readers sort or take the best few.
 */
export class PriceLadder {
  private readonly sizes = new Map<number, number>();

  apply(delta: readonly PriceSize[]): void {
    for (const [price, size] of delta) {
      if (size === 0) this.sizes.delete(price);
      else this.sizes.set(price, size);
    }
  }

  get size(): number {
    return this.sizes.size;
  }

  /** Every entry, highest price first when `descending`, else lowest first. */
  sorted(descending: boolean): PriceSize[] {
    const out: PriceSize[] = [...this.sizes];
    out.sort(descending ? (a, b) => b[0] - a[0] : (a, b) => a[0] - b[0]);
    return out;
  }

  /** The best `count` entries (highest prices when `descending`) without sorting the whole ladder. */
  best(count: number, descending: boolean): PriceSize[] {
    const top: PriceSize[] = [];
    for (const [price, size] of this.sizes) {
      let at = top.length;
      while (at > 0 && (descending ? price > top[at - 1]![0] : price < top[at - 1]![0])) at -= 1;
      if (at >= count) continue;
      top.splice(at, 0, [price, size]);
      if (top.length > count) top.pop();
    }
    return top;
  }
}

/** A depth ladder (batb, batl, bdatb, bdatl; ESA-4): keyed by level, [level, price, 0] removes the level. */
export class LevelLadder {
  private readonly levels = new Map<number, PriceSize>();

  apply(delta: readonly LevelPriceSize[]): void {
    for (const [level, price, size] of delta) {
      if (size === 0) this.levels.delete(level);
      else this.levels.set(level, [price, size]);
    }
  }

  get size(): number {
    return this.levels.size;
  }

  /** Level 0 (the top of the book) first. */
  sorted(): PriceSize[] {
    return [...this.levels].sort((a, b) => a[0] - b[0]).map(([, priceSize]) => [priceSize[0], priceSize[1]]);
  }
}
