import { fail } from './app-error.js';

/**
 * PRODUCT.md §7: an operator's money action above the configured amount needs a second operator.
 * Answers 'first' when this approval is the first of two (record it and stop), 'final' when the
 * money may move now; refuses the same operator approving twice.
 */
export function approvalStep(request: { amountPaise: number; firstApprovedBy: string | null }, actorId: string, thresholdPaise: number): 'first' | 'final' {
  if (request.amountPaise <= thresholdPaise) return 'final';
  if (request.firstApprovedBy === null) return 'first';
  if (request.firstApprovedBy === actorId) fail('SECOND_APPROVER_REQUIRED');
  return 'final';
}
