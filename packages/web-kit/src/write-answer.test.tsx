import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeAnswer } from './write-answer';

const KEY = ['pins'];

/** A promise answered by hand: a request the server has not answered yet. */
function held<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

/**
 * A list read through `useQuery` (each read held until the test answers it) and a mutation whose answer
 * is the new list, written with writeAnswer; the first read has answered ['old'].
 */
async function pinsWithMutation() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const reads: ReturnType<typeof held<string[]>>[] = [];
  const change = held<string[]>();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({
      pins: useQuery({
        queryKey: KEY,
        queryFn: () => {
          const read = held<string[]>();
          reads.push(read);
          return read.promise;
        },
        staleTime: 30_000,
      }),
      pin: useMutation({
        mutationFn: () => change.promise,
        onSuccess: (list) => writeAnswer(queryClient, KEY, list),
      }),
    }),
    { wrapper },
  );
  await act(async () => reads[0]?.answer(['old']));
  await waitFor(() => expect(result.current.pins.data).toEqual(['old']));
  /** Sends a read of the list and answers when it has landed (or been cancelled). */
  const read = () => queryClient.refetchQueries({ queryKey: KEY });
  return { queryClient, result, reads, change, read };
}

describe('writeAnswer', () => {
  it.each([
    ['sent before the mutation', true],
    ['sent while the mutation was on the wire', false],
  ] as const)('keeps the answer when a read %s arrives after it with the old list', async (_when, readFirst) => {
    const { queryClient, result, reads, change, read } = await pinsWithMutation();
    const late = readFirst ? read() : undefined;
    const mutation = result.current.pin.mutateAsync();
    const onTheWire = late ?? read();
    await act(async () => {
      change.answer(['old', 'new']);
      await mutation;
    });
    expect(reads).toHaveLength(2);
    await act(async () => {
      reads[1]?.answer(['old']);
      await onTheWire;
    });
    expect(queryClient.getQueryData(KEY)).toEqual(['old', 'new']);
    // What the screen shows: observers hear of cache changes on the next tick.
    await waitFor(() => expect(result.current.pins.data).toEqual(['old', 'new']));
  });

  it('applies an update function to the list from before the cancelled read, whose late answer is dropped', async () => {
    const { queryClient, reads, read } = await pinsWithMutation();
    const late = read();
    await act(() => writeAnswer<string[]>(queryClient, KEY, (list) => list?.map((pin) => pin.toUpperCase())));
    expect(reads).toHaveLength(2);
    await act(async () => {
      reads[1]?.answer(['stale']);
      await late;
    });
    expect(queryClient.getQueryData(KEY)).toEqual(['OLD']);
  });
});
