import { createStore, useStore } from '@khel/web-kit';
import { subscribeToken } from './session';

/**
 * Step-up for money (decision 0049): when the server refuses a money call with STEP_UP_REQUIRED, the
 * api client asks here for a fresh authenticator code and, once the shared dialog has passed it to
 * /step-up, sends the call again. Every caller waiting at that moment shares one dialog; a cancel
 * answers false and the call fails with the server's message.
 */
type Waiter = (passed: boolean) => void;

const open = createStore<boolean>(false);
let waiters: Waiter[] = [];

export function requestStepUp(): Promise<boolean> {
  return new Promise((resolve) => {
    waiters.push(resolve);
    open.set(true);
  });
}

/** The dialog's outcome: true once /step-up accepted a code, false when the operator cancelled. */
export function finishStepUp(passed: boolean): void {
  const done = waiters;
  waiters = [];
  open.set(false);
  for (const resolve of done) resolve(passed);
}

export function useStepUpOpen(): boolean {
  return useStore(open);
}

subscribeToken(() => {
  if (waiters.length > 0) finishStepUp(false);
});
