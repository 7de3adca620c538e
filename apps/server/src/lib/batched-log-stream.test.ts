import { describe, expect, it } from 'vitest';
import { createBatchedLogStream } from './batched-log-stream.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the batched log stream (decision 0029)', () => {
  it('writes the lines of one turn in one write, in order, and nothing is held past the turn', async () => {
    const writes: string[] = [];
    const stream = createBatchedLogStream({ write: (text) => writes.push(text) });
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
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
