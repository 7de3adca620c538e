import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { approvalStep } from './second-approval.js';

describe('second approval (PRODUCT.md §7)', () => {
  it.each([
    [{ amountPaise: 5_000_000, firstApprovedBy: null }, 'a', 'final'],
    [{ amountPaise: 5_000_001, firstApprovedBy: null }, 'a', 'first'],
    [{ amountPaise: 5_000_001, firstApprovedBy: 'a' }, 'b', 'final'],
  ] as const)('%o approved by %s → %s', (request, actor, step) => {
    expect(approvalStep(request, actor, 5_000_000)).toBe(step);
  });

  it('refuses the same operator twice', () => {
    expect(() => approvalStep({ amountPaise: 5_000_001, firstApprovedBy: 'a' }, 'a', 5_000_000)).toThrow(AppError);
  });
});
