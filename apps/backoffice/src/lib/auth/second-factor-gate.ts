import { createStore, useStore } from '@khel/web-kit';
import { subscribeToken } from './session';

/**
 * Whether this session must pass the operator's second factor before the back office opens: set by the
 * login when the server says so, and by any call the server refused with SECOND_FACTOR_*_REQUIRED.
 * 'enrol': no authenticator yet; 'verify': ask for a code. A new or ended session starts clear.
 */
export type SecondFactorStep = 'enrol' | 'verify';

const gate = createStore<SecondFactorStep | null>(null);

export function requireSecondFactor(step: SecondFactorStep): void {
  gate.set(step);
}

export function clearSecondFactor(): void {
  gate.set(null);
}

export function useSecondFactorStep(): SecondFactorStep | null {
  return useStore(gate);
}

/** The server's machine codes that mean "not before the second factor". */
export function secondFactorStepOf(error: string | undefined): SecondFactorStep | null {
  if (error === 'SECOND_FACTOR_ENROLMENT_REQUIRED') return 'enrol';
  if (error === 'SECOND_FACTOR_REQUIRED') return 'verify';
  return null;
}

subscribeToken(() => gate.set(null));
