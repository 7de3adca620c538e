import { describe, expect, it, vi } from 'vitest';
import { createStore } from './create-store';

describe('createStore', () => {
  it('tells every listener of a change, with the value or a function of the current one', () => {
    const store = createStore(1);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(2);
    store.set((current) => current * 10);
    expect(store.get()).toBe(20);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('wakes nobody when the value does not change', () => {
    const list = [1];
    const store = createStore(list);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(list);
    store.set((current) => current);
    expect(listener).not.toHaveBeenCalled();
  });

  it('tells every listener even when one unsubscribes while being told', () => {
    const store = createStore(0);
    const second = vi.fn();
    const unsubscribeFirst = store.subscribe(() => unsubscribeFirst());
    store.subscribe(second);
    store.set(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
