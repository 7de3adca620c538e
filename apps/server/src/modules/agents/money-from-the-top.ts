import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { AccountRef } from '../wallet/wallet-service.js';
import type { MoneyUserRow } from './agent-money-repository.js';
import type { HouseMoneyAction, HouseMoneyKind } from './house-money-repository.js';
import { createHouseMoneyRepository } from './house-money-repository.js';

/**
 * PRODUCT.md §9, "money from the top is money creation" (issue 24, decision 0044): the one rule for
 * every chips, credit and settlement move. A move whose other side is a house account (no agent of the
 * account's kind stands above it) is the house making or paying out money. Chips an agent moves inside
 * its own book stay the agent's to decide and never come here.
 */
export function fromTheHouse(source: AccountRef): boolean {
  return 'house' in source;
}

/**
 * Which house moves count in the operators' four-eyes totals: everything that makes money or pays it out.
 * Chips given (made) or taken back (the house pays the account in cash outside the product), credit
 * given (made), settlements (cash in or out). Lowering a credit line makes and pays nothing, and a
 * second operator must never delay cutting a risk.
 */
export function countsAsHouseMoney(kind: HouseMoneyKind, action: HouseMoneyAction): boolean {
  return !(kind === 'credit' && action === 'take');
}

/**
 * Nothing reaches a suspended or self-excluded account (PRODUCT.md §9), whatever its agent says; the
 * refusal tells the agent why. Taking back and settling stay possible: they only close the books.
 */
export function refuseClosedAccount(account: Pick<MoneyUserRow, 'suspended_at' | 'self_excluded_until'>, now: Date) {
  if (account.suspended_at !== null)
    fail('ACCOUNT_SUSPENDED', 'This account is suspended: it cannot receive chips or credit');
  if (account.self_excluded_until !== null && account.self_excluded_until.getTime() > now.getTime())
    fail(
      'ACCOUNT_SELF_EXCLUDED',
      `This account is self-excluded until ${account.self_excluded_until.toISOString().slice(0, 10)}: it cannot receive chips or credit`,
    );
}

export interface HouseMove {
  kind: HouseMoneyKind;
  action: HouseMoneyAction;
  targetId: string;
  amountPaise: number;
  note: string | null;
  /** Where the money comes from (or goes to): the house, or the account's upline agent. */
  source: AccountRef;
}

/**
 * The four-eyes gate of house money: counted in the same per operator, per account and per India day
 * totals as adjustments and the money desk (`modules/four-eyes`), inside the move's transaction.
 */
export function createHouseMoneyGate(deps: { fourEyes: FourEyesService; clock: Clock }) {
  return {
    /**
     * Null when the move may happen now (it is not house money, or it fits under the line and is now
     * counted); otherwise the id of the request it became, and nothing moves until a second operator.
     */
    async admit(tx: Queryable, move: HouseMove, actorId: string): Promise<string | null> {
      if (!fromTheHouse(move.source) || !countsAsHouseMoney(move.kind, move.action)) return null;
      const step = await deps.fourEyes.step(tx, {
        actorId,
        playerId: move.targetId,
        amountPaise: move.amountPaise,
        firstApprovedBy: null,
      });
      if (step === 'final') return null;
      return createHouseMoneyRepository(tx).insert({
        kind: move.kind,
        action: move.action,
        targetId: move.targetId,
        amountPaise: move.amountPaise,
        note: move.note,
        requestedBy: actorId,
        at: deps.clock.now(),
      });
    },
  };
}
export type HouseMoneyGate = ReturnType<typeof createHouseMoneyGate>;
