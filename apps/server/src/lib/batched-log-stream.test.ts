import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchedLogStream } from './batched-log-stream.js';

describe('the batched log stream (decision 0029)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lines gathered within the hold time in one write, in order', () => {
    const writes: string[] = [];
    const stream = createBatchedLogStream({ write: (text) => writes.push(text) }, { holdMs: 25 });
    stream.write('a\n');
    stream.write('b\n');
    vi.advanceTimersByTime(24);
    stream.write('c\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    vi.advanceTimersByTime(25);
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
    stream.close();
  });

  it('writes at once when the gathered lines reach the size bound', () => {
    const writes: string[] = [];
    const stream = createBatchedLogStream({ write: (text) => writes.push(text) }, { holdMs: 25, maxBytes: 10 });
    stream.write('12345\n');
    expect(writes).toEqual([]);
    stream.write('67890\n');
    expect(writes).toEqual(['12345\n67890\n']);
    stream.close();
  });

  it('writes what is pending at once when closed', () => {
    const writes: string[] = [];
    const stream = createBatchedLogStream({ write: (text) => writes.push(text) });
    stream.write('last words\n');
    stream.close();
    expect(writes).toEqual(['last words\n']);
  });
});
