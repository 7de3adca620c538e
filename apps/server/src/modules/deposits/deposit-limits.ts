import type { DepositLimit, DepositLimitPeriod } from '@khel/contract';
import { DEPOSIT_LIMIT_PERIODS } from '@khel/contract';
import { formatPaise, paiseToRupees, indiaPeriodStart } from '@khel/money';
import { fail } from '../../lib/app-error.js';
import type { DepositLimitRow, DepositsRepository } from './deposits-repository.js';

/** A raised or removed limit waits this long; a lowered one applies at once (PRODUCT.md §7). */
export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;

/** The row as it stands at `now`: a pending change whose time has come is in force. */
export function effectiveLimit(row: DepositLimitRow | undefined, now: Date): DepositLimitRow | undefined {
  if (row === undefined || row.pending_effective_at === null || row.pending_effective_at.getTime() > now.getTime())
    return row;
  return {
    period: row.period,
    amount_paise: row.pending_removal ? null : row.pending_amount_paise,
    pending_amount_paise: null,
    pending_removal: false,
    pending_effective_at: null,
  };
}

/** The change a player asks for, applied by the rule: lower now, raise or remove after 24 hours. */
export function requestLimitChange(
  current: DepositLimitRow | undefined,
  period: DepositLimitPeriod,
  amountPaise: number | null,
  now: Date,
): DepositLimitRow {
  const inForce = current?.amount_paise ?? null;
  const later = new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS);
  const none = { period, pending_amount_paise: null, pending_removal: false, pending_effective_at: null };
  if (amountPaise === null) {
    if (inForce === null) return { ...none, amount_paise: null };
    return {
      period,
      amount_paise: inForce,
      pending_amount_paise: null,
      pending_removal: true,
      pending_effective_at: later,
    };
  }
  if (inForce === null || amountPaise <= inForce) return { ...none, amount_paise: amountPaise };
  return {
    period,
    amount_paise: inForce,
    pending_amount_paise: amountPaise,
    pending_removal: false,
    pending_effective_at: later,
  };
}

/**
 * What counts against a deposit limit besides deposit requests: chips an agent or the house gave the
 * player since the period began (PRODUCT.md §9, "a chips give to a player counts as a deposit").
 */
export type ChipsSince = (userId: string, since: Date) => Promise<number>;

export async function depositLimitsView(
  repository: DepositsRepository,
  userId: string,
  now: Date,
  chipsSince: ChipsSince,
): Promise<DepositLimit[]> {
  const rows = await repository.limits(userId);
  const views: DepositLimit[] = [];
  for (const period of DEPOSIT_LIMIT_PERIODS) {
    const row = effectiveLimit(
      rows.find((candidate) => candidate.period === period),
      now,
    );
    const since = indiaPeriodStart(period, now);
    const totals = await repository.totalsSince(userId, since);
    const chipsPaise = await chipsSince(userId, since);
    views.push({
      period,
      amount: row?.amount_paise == null ? null : paiseToRupees(row.amount_paise),
      pendingAmount: row?.pending_amount_paise == null ? null : paiseToRupees(row.pending_amount_paise),
      pendingRemoval: row?.pending_removal ?? false,
      pendingEffectiveAt: row?.pending_effective_at?.toISOString() ?? null,
      used: paiseToRupees(totals.approvedPaise + chipsPaise + totals.pendingPaise),
      approved: paiseToRupees(totals.approvedPaise + chipsPaise),
      pending: paiseToRupees(totals.pendingPaise),
    });
  }
  return views;
}

/**
 * Refuses a deposit (or chips given to the player) that would take any period's total past its limit.
 * Call it with the player's row locked (`lockUser`), so two requests cannot both fit in what is left.
 * `asker`: the player asks for a deposit, an agent or operator gives chips (the refusal is worded for them).
 */
export async function assertWithinLimits(
  repository: DepositsRepository,
  userId: string,
  amountPaise: number,
  now: Date,
  chipsSince: ChipsSince,
  asker: 'player' | 'upline' = 'player',
): Promise<void> {
  const rows = await repository.limits(userId);
  for (const stored of rows) {
    const row = effectiveLimit(stored, now);
    if (row?.amount_paise == null) continue;
    const since = indiaPeriodStart(row.period, now);
    const used = (await repository.sumSince(userId, since)) + (await chipsSince(userId, since));
    if (used + amountPaise > row.amount_paise) {
      const left = formatPaise(Math.max(0, row.amount_paise - used));
      const limit = formatPaise(row.amount_paise);
      fail(
        'DEPOSIT_LIMIT_REACHED',
        asker === 'player'
          ? `This deposit would exceed your ${row.period} deposit limit of ${limit} (${left} left)`
          : `The player's own ${row.period} deposit limit is ${limit}: chips count as a deposit, and only ${left} is left`,
      );
    }
  }
}
