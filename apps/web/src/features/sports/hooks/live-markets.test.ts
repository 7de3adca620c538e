import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exchangeMarket } from '../../../testing/sports-fixtures';
import { applyLiveMessage, listenToMarket, newestMarket, resetLiveMarkets } from './live-markets';

afterEach(() => {
  resetLiveMarkets();
  vi.useRealTimers();
});

describe('live market updates are batched per animation frame (ADR 0024)', () => {
  it('keeps the newest state at once but tells the screen once per frame, however many messages arrive', async () => {
    const market = exchangeMarket({ version: 1 });
    const listener = vi.fn();
    const stop = listenToMarket(market._id, listener);
    for (let version = 2; version <= 101; version += 1)
      applyLiveMessage({ type: 'market', market: exchangeMarket({ version }) });
    expect(newestMarket(market).version).toBe(101);
    expect(listener).not.toHaveBeenCalled();
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listener).toHaveBeenCalledTimes(1);
    applyLiveMessage({ type: 'market', market: exchangeMarket({ version: 102 }) });
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('a burst is rendered over several frames', () => {
  it('stops a frame after about 8 ms of rendering and carries the remaining markets to the next frames', () => {
    // Frames run when the test says, so a loaded machine cannot slip an extra frame in between.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const frame = () => frames.splice(0).forEach((callback) => callback(performance.now()));
    const heard: string[] = [];
    const slowListener = (id: string) => () => {
      const until = performance.now() + 10; // a market that takes 10 ms to render
      while (performance.now() < until);
      heard.push(id);
    };
    const ids = ['m1', 'm2', 'm3'];
    const stops = ids.map((id) => listenToMarket(id, slowListener(id)));
    try {
      for (const id of ids) applyLiveMessage({ type: 'market', market: exchangeMarket({ _id: id, version: 2 }) });
      frame();
      expect(heard).toEqual(['m1']);
      frame();
      expect(heard).toEqual(['m1', 'm2']);
      frame();
      expect(heard).toEqual(['m1', 'm2', 'm3']);
      expect(frames).toEqual([]); // nothing left, no frame asked for
    } finally {
      stops.forEach((stop) => stop());
      vi.unstubAllGlobals();
    }
  });
});

describe('price-change flashes keep the sides recognisable', () => {
  it('never repaint a cell: back stays blue and lay stays pink while the price flashes', () => {
    const css = readFileSync(join(import.meta.dirname, '../../../styles/sports.css'), 'utf8');
    for (const name of ['up', 'down']) {
      const body = new RegExp(`\\.price--flash-${name} > \\.price__flash \\{([^}]*)\\}`).exec(css)?.[1];
      expect(body, `.price--flash-${name}`).toBeDefined();
      expect(body).not.toMatch(/background|(^|[^-])color\s*:/);
      expect(body).toMatch(/box-shadow:\s*inset 0 0 0 3px/);
    }
    // The animation only fades the ring: composited, no timer, never the cell's colours.
    const keyframes = /@keyframes price-flash \{([\s\S]*?)\n\}/.exec(css)?.[1];
    expect(keyframes).toBeDefined();
    expect(keyframes?.match(/[a-z-]+(?=\s*:)/g)).toEqual(['opacity']);
  });
});
