import { describe, expect, it, vi } from 'vitest';
import { createToastStack } from './toast-stack';

const messages = (stack: { store: { get(): { message: string }[] } }) =>
  stack.store.get().map((toast) => toast.message);

describe('createToastStack', () => {
  it('keeps the newest `max` toasts and ignores blank messages', () => {
    const stack = createToastStack<'info'>({ max: 2 });
    for (const message of ['a', ' ', 'b', 'c']) stack.push('info', message);
    expect(messages(stack)).toEqual(['b', 'c']);
    stack.dismiss(stack.store.get()[0]!.id);
    expect(messages(stack)).toEqual(['c']);
  });

  it('with dedupe, the same message again moves to the top instead of stacking', () => {
    const stack = createToastStack<'info'>({ max: 4, dedupe: true });
    for (const message of ['a', 'b', 'a']) stack.push('info', message);
    expect(messages(stack)).toEqual(['b', 'a']);
  });

  it('closes each toast after its type’s time when asked to', () => {
    vi.useFakeTimers();
    const stack = createToastStack<'ok' | 'bad'>({ max: 4, autoCloseMs: { ok: 1000, bad: 5000 } });
    stack.push('ok', 'saved');
    stack.push('bad', 'refused', 'try later');
    vi.advanceTimersByTime(1000);
    expect(stack.store.get()).toEqual([{ id: 2, type: 'bad', message: 'refused', subMessage: 'try later' }]);
    vi.advanceTimersByTime(4000);
    expect(stack.store.get()).toEqual([]);
  });
});
