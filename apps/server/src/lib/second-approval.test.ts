import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { approvalStep } from './second-approval.js';

describe('second approval (PRODUCT.md §7, issue 9)', () => {
  it.each([
    [{ amountPaise: 5_000_000, firstApprovedBy: null }, 'a', 'final'],
    [{ amountPaise: 5_000_001, firstApprovedBy: null }, 'a', 'first'],
    [{ amountPaise: -5_000_001, firstApprovedBy: null }, 'a', 'first'],
    [{ amountPaise: 5_000_001, firstApprovedBy: 'a' }, 'b', 'final'],
    // The running total of the day: ₹49,000 twice is below, a third crosses.
    [{ amountPaise: 4_900_000, firstApprovedBy: null, movedAloneTodayPaise: 0 }, 'a', 'final'],
    [{ amountPaise: 4_900_000, firstApprovedBy: null, movedAloneTodayPaise: 4_900_000 }, 'a', 'first'],
    [{ amountPaise: 100_000, firstApprovedBy: null, movedAloneTodayPaise: 4_900_000 }, 'a', 'final'],
    [{ amountPaise: 100, firstApprovedBy: 'a', movedAloneTodayPaise: 9_000_000 }, 'b', 'final'],
  ] as const)('%o approved by %s → %s', (request, actor, step) => {
    expect(approvalStep(request, actor, 5_000_000)).toBe(step);
  });

  it('refuses the same operator twice', () => {
    expect(() => approvalStep({ amountPaise: 5_000_001, firstApprovedBy: 'a' }, 'a', 5_000_000)).toThrow(AppError);
    expect(() => approvalStep({ amountPaise: 100, firstApprovedBy: 'a' }, 'a', 5_000_000)).toThrow(AppError);
  });
});
