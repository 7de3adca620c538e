import type {
  AvailableOffer,
  BonusOffer,
  BonusOfferCreate,
  PlayerBonus,
  PlayerBonusDetail,
  WageringEntry,
} from '@khel/contract';
import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { BonusRow, OfferFields, OfferRow, WageringRow } from './bonus-repository.js';
import { contributionsFromBp, contributionsToBp, fromBp, progressPercent, rulesInWords, toBp } from './bonus-rules.js';

/** DTOs at the boundary: rows in paise and basis points, the wire in rupees and percent. */

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const paiseOrNull = (rupees: number | null) => (rupees === null ? null : (rupeesToPaise(rupees) as number));

export function offerFields(body: BonusOfferCreate): OfferFields {
  return {
    name: body.name,
    kind: body.kind,
    percent_bp: body.percent === null ? null : toBp(body.percent),
    cap_paise: paiseOrNull(body.capAmount),
    fixed_paise: paiseOrNull(body.fixedAmount),
    min_deposit_paise: paiseOrNull(body.minDeposit),
    frequency: body.frequency,
    wagering_multiple_h: toBp(body.wageringMultiple),
    min_odds_h: toBp(body.minOdds),
    contributions: contributionsToBp(body.contributions),
    days_to_activate: body.daysToActivate,
    days_to_complete: body.daysToComplete,
    max_conversion_paise: paiseOrNull(body.maxConversion),
  };
}

export function toOffer(row: OfferRow): BonusOffer {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    percent: row.percent_bp === null ? null : fromBp(row.percent_bp),
    capAmount: rupeesOrNull(row.cap_paise),
    fixedAmount: rupeesOrNull(row.fixed_paise),
    minDeposit: rupeesOrNull(row.min_deposit_paise),
    frequency: row.frequency,
    wageringMultiple: row.wagering_multiple_h / 100,
    minOdds: row.min_odds_h / 100,
    contributions: contributionsFromBp(row.contributions),
    daysToActivate: row.days_to_activate,
    daysToComplete: row.days_to_complete,
    maxConversion: rupeesOrNull(row.max_conversion_paise),
    paused: row.paused,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toAvailableOffer(row: OfferRow): AvailableOffer {
  const { paused: _paused, createdAt: _created, updatedAt: _updated, ...rest } = toOffer(row);
  return {
    ...rest,
    rules: rulesInWords({
      amountPaise: row.fixed_paise,
      wageringMultipleHundredths: row.wagering_multiple_h,
      minOddsHundredths: row.min_odds_h,
      contributionsBp: row.contributions,
      maxConversionPaise: row.max_conversion_paise,
      daysToActivate: row.days_to_activate,
      daysToComplete: row.days_to_complete,
    }),
  };
}

export function toPlayerBonus(row: BonusRow): PlayerBonus {
  const daysToActivate = Math.max(1, Math.round((row.activate_by.getTime() - row.created_at.getTime()) / 86_400_000));
  return {
    _id: row.id,
    offerId: row.offer_id,
    offerName: row.offer_name,
    kind: row.kind,
    status: row.status,
    amount: paiseToRupees(row.amount_paise),
    wageringRequired: paiseToRupees(row.wagering_required_paise),
    wageringProgress: paiseToRupees(row.wagering_progress_paise),
    progressPercent: progressPercent(row.wagering_progress_paise, row.wagering_required_paise),
    wageringMultiple: row.wagering_multiple_h / 100,
    minOdds: row.min_odds_h / 100,
    contributions: contributionsFromBp(row.contributions),
    maxConversion: rupeesOrNull(row.max_conversion_paise),
    activateBy: row.activate_by.toISOString(),
    completeBy: row.complete_by?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    convertedAmount: rupeesOrNull(row.converted_paise),
    removedAmount: rupeesOrNull(row.removed_paise),
    rules: rulesInWords({
      amountPaise: row.amount_paise,
      wageringMultipleHundredths: row.wagering_multiple_h,
      minOddsHundredths: row.min_odds_h,
      contributionsBp: row.contributions,
      maxConversionPaise: row.max_conversion_paise,
      daysToActivate,
      daysToComplete: row.days_to_complete,
    }),
  };
}

export function toWageringEntry(row: WageringRow): WageringEntry {
  return {
    _id: String(row.id),
    source: row.source,
    reference: row.reference,
    description: row.description,
    product: row.product,
    amountAtRisk: paiseToRupees(row.amount_at_risk_paise),
    odds: row.odds_h === null ? null : row.odds_h / 100,
    contributionPercent: fromBp(row.contribution_bp),
    counted: paiseToRupees(row.counted_paise),
    status: row.status,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toPlayerBonusDetail(row: BonusRow, wagering: WageringRow[]): PlayerBonusDetail {
  return {
    ...toPlayerBonus(row),
    grantedBy: row.granted_by,
    grantReason: row.grant_reason,
    wagering: wagering.filter((entry) => entry.bonus_id === row.id).map(toWageringEntry),
  };
}
