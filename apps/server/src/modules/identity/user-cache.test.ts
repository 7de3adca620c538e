import { describe, expect, it } from 'vitest';
import { createUserCache } from './user-cache.js';

describe('the per-account cache (decision 0029)', () => {
  it('is bounded: past its size the oldest entry goes', () => {
    const cache = createUserCache<number>({ maxEntries: 3, ttlMs: 60_000 });
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(key, `user-${key}`, index, 0, cache.begin());
    expect(cache.size()).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBe(3);
  });

  it('forgets an entry its time after it was read', () => {
    const cache = createUserCache<string>({ maxEntries: 10, ttlMs: 1000 });
    cache.set('token', 'user', 'session', 5000, cache.begin());
    expect(cache.get('token', 5999)).toBe('session');
    expect(cache.get('token', 6000)).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('drops every entry of an account, and does not store a read that was in flight when it was dropped', () => {
    const cache = createUserCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    cache.set('t1', 'u1', 'one', 0, cache.begin());
    cache.set('t2', 'u1', 'two', 0, cache.begin());
    cache.set('t3', 'u2', 'three', 0, cache.begin());
    const inFlight = cache.begin();
    cache.drop('u1');
    expect([cache.get('t1', 1), cache.get('t2', 1), cache.get('t3', 1)]).toEqual([undefined, undefined, 'three']);
    cache.set('t1', 'u1', 'stale', 0, inFlight);
    expect(cache.get('t1', 1)).toBeUndefined();
    cache.set('t1', 'u1', 'fresh', 0, cache.begin());
    expect(cache.anyOf('u1', 1)).toBe('fresh');
  });

  it('stays bounded in the drops it remembers, cancelling the reads in flight when it forgets them', () => {
    const cache = createUserCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    const inFlight = cache.begin();
    for (const user of ['a', 'b', 'c']) cache.drop(user);
    cache.set('t', 'z', 'stale', 0, inFlight);
    expect(cache.get('t', 1)).toBeUndefined();
  });
});
