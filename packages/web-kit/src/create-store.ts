import { useSyncExternalStore } from 'react';

/**
 * A tiny external store for state that lives outside React (session, toasts): plain functions write
 * to it, components read it through useSyncExternalStore without tearing.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      // An unchanged value wakes nobody (no re-render, no effect run for nothing).
      if (Object.is(resolved, value)) return;
      value = resolved;
      // A copy: a listener that unsubscribes (or subscribes) while being told does not skip another.
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
