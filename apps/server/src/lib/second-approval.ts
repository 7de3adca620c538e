import { fail } from './app-error.js';

/**
 * PRODUCT.md §7, issue 9: money an operator moves on their own authority is capped by the configured
 * amount, counted as a total per operator, per player and per India day (decision 0010), so splitting
 * ₹1,47,000 into three ₹49,000 actions still needs a second operator on the one that crosses the line.
 * Answers 'first' when this approval is the first of two (record it and stop), 'final' when the money
 * may move now; refuses the same operator approving twice.
 */
export function approvalStep(
  request: { amountPaise: number; firstApprovedBy: string | null; movedAloneTodayPaise?: number },
  actorId: string,
  thresholdPaise: number,
): 'first' | 'final' {
  if (request.firstApprovedBy !== null) {
    if (request.firstApprovedBy === actorId) fail('SECOND_APPROVER_REQUIRED');
    return 'final';
  }
  return (request.movedAloneTodayPaise ?? 0) + Math.abs(request.amountPaise) <= thresholdPaise ? 'final' : 'first';
}
