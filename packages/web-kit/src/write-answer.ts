import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a mutation's answer (or an update made from it) into the cache under `queryKey`, after
 * cancelling that key's read still in flight, which goes back to its state from before it was sent.
 * Call it from `onSuccess` and return or await it, so the mutation settles with the answer in the cache.
 *
 * Why: a read the server answered before the change can arrive after the mutation's answer and put the
 * old value back, shown until its stale time ends (a market pin stayed off on screen for 30 s). Cancelling
 * when the answer arrives catches every such read, whenever it was sent: before the mutation, or while the
 * mutation was on the wire (the server may have answered that one before the change too, so a cancel in
 * `onMutate` alone would miss it). A read that arrived before the answer is overwritten by it; one sent
 * after it reads the changed state. A cancel in `onMutate` as well would add nothing, and when the
 * mutation fails it would throw away a read for nothing. Only this exact key is cancelled: the queries
 * under it are not written here, and a caller may be awaiting their read (the back office's CSV awaits an
 * account's figures, under the account's money).
 */
export async function writeAnswer<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  answer: T | ((previous: T | undefined) => T | undefined),
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, answer);
}
