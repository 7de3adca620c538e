import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import { indiaDate, indiaPeriodStart } from '@khel/money';
import type { BonusRow, OfferRow } from './bonus-repository.js';
import { createBonusRepository } from './bonus-repository.js';
import { grantAmountPaise, wageringRequiredPaise } from './bonus-rules.js';

const DAY_MS = 86_400_000;

/** A deposit that was just approved, as the deposits module reports it (inside its transaction). */
export interface ApprovedDeposit {
  depositId: string;
  userId: string;
  amountPaise: number;
  /** True when this is the player's first approved deposit. */
  firstApproved: boolean;
  at: Date;
}

/**
 * Offers a bonus to a player under the offer's current terms (copied onto the bonus, so a later edit
 * of the offer changes nothing already given). The grant key makes the same event grant once; the
 * period key makes a deposit offer grant at most once per India day or week. Answers null when
 * either was already used.
 */
export async function offerBonus(
  tx: Queryable,
  grant: {
    offer: OfferRow;
    userId: string;
    amountPaise: number;
    grantKey: string;
    grantPeriod: string | null;
    depositId?: string;
    grantId?: string;
    grantedBy?: string;
    reason?: string;
    at: Date;
  },
): Promise<BonusRow | null> {
  const { offer } = grant;
  if (grant.amountPaise <= 0) return null;
  return createBonusRepository(tx).insertBonus({
    user_id: grant.userId,
    offer_id: offer.id,
    offer_name: offer.name,
    kind: offer.kind,
    amount_paise: grant.amountPaise,
    wagering_multiple_h: offer.wagering_multiple_h,
    wagering_required_paise: wageringRequiredPaise(grant.amountPaise, offer.wagering_multiple_h),
    min_odds_h: offer.min_odds_h,
    contributions: offer.contributions,
    max_conversion_paise: offer.max_conversion_paise,
    days_to_complete: offer.days_to_complete,
    status: 'offered',
    grant_key: grant.grantKey,
    grant_period: grant.grantPeriod,
    deposit_id: grant.depositId ?? null,
    grant_id: grant.grantId ?? null,
    granted_by: grant.grantedBy ?? null,
    grant_reason: grant.reason ?? null,
    activate_by: new Date(grant.at.getTime() + offer.days_to_activate * DAY_MS),
    created_at: grant.at,
  });
}

function depositPeriod(offer: OfferRow, at: Date): string {
  if (offer.frequency === 'daily') return `daily:${indiaDate(at)}`;
  if (offer.frequency === 'weekly') return `weekly:${indiaDate(indiaPeriodStart('weekly', at))}`;
  return 'once';
}

/** Welcome offers on the first approved deposit; deposit offers on any deposit of at least their minimum. */
export async function grantForDeposit(tx: Queryable, deposit: ApprovedDeposit): Promise<BonusRow[]> {
  const repository = createBonusRepository(tx);
  if ((await repository.userRole(deposit.userId)) !== ROLES.PLAYER) return [];
  const granted: BonusRow[] = [];
  for (const offer of await repository.liveOffers(['welcome', 'deposit'])) {
    if (offer.kind === 'welcome' && !deposit.firstApproved) continue;
    if (offer.kind === 'deposit' && deposit.amountPaise < (offer.min_deposit_paise ?? 0)) continue;
    const bonus = await offerBonus(tx, {
      offer,
      userId: deposit.userId,
      amountPaise: grantAmountPaise(
        { fixedPaise: offer.fixed_paise, percentBp: offer.percent_bp, capPaise: offer.cap_paise },
        deposit.amountPaise,
      ),
      grantKey: `${offer.kind}:${offer.id}:${deposit.depositId}`,
      grantPeriod: offer.kind === 'welcome' ? 'welcome' : depositPeriod(offer, deposit.at),
      depositId: deposit.depositId,
      at: deposit.at,
    });
    if (bonus !== null) granted.push(bonus);
  }
  return granted;
}
