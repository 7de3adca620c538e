import type { BonusProduct, BonusStatus, Contributions } from '@khel/contract';
import { BONUS_PRODUCTS } from '@khel/contract';
import { formatPaise, percentProfitPaise } from '@khel/money';
import type { Queryable } from '../../db/database.js';

/**
 * The bonus rules of PRODUCT.md §8 as pure functions over integer paise, basis points (percent × 100)
 * and hundredths of odds, so the services and the property test's model share no arithmetic by accident.
 */

/** Contributions per product in basis points (100 % = 10 000). */
export type ContributionsBp = Record<BonusProduct, number>;

export const toBp = (percent: number): number => Math.round(percent * 100);
export const fromBp = (bp: number): number => bp / 100;

export function contributionsToBp(contributions: Contributions): ContributionsBp {
  return Object.fromEntries(
    BONUS_PRODUCTS.map((product) => [product, toBp(contributions[product])]),
  ) as ContributionsBp;
}
export function contributionsFromBp(contributions: ContributionsBp): Contributions {
  return Object.fromEntries(
    BONUS_PRODUCTS.map((product) => [product, fromBp(contributions[product] ?? 0)]),
  ) as Contributions;
}

/** What a grant pays: a fixed amount, or the percent of the deposit rounded down, at most the cap. */
export function grantAmountPaise(
  offer: { fixedPaise: number | null; percentBp: number | null; capPaise: number | null },
  depositPaise: number,
): number {
  if (offer.fixedPaise !== null) return offer.fixedPaise;
  if (offer.percentBp === null) return 0;
  const raw = percentProfitPaise(offer.percentBp, depositPaise);
  return offer.capPaise === null ? raw : Math.min(raw, offer.capPaise);
}

/** The wagering requirement: multiple (in hundredths) × bonus amount, rounded down. */
export function wageringRequiredPaise(amountPaise: number, multipleHundredths: number): number {
  return percentProfitPaise(multipleHundredths * 100, amountPaise);
}

/**
 * One settled bonus-wallet position as the sports and casino modules report it: a player's position on
 * one settled market (its worst loss, decision 0045), or one casino round (its stake).
 */
export interface WageringFact {
  source: 'sports' | 'casino';
  /** market:player for sports, provider:round for casino. */
  reference: string;
  userId: string;
  description: string;
  product: BonusProduct;
  /** What was really at risk: the position's worst loss at settlement; a casino round's stake. */
  amountAtRiskPaise: number;
  /** The lowest decimal odds in hundredths among its bets (fancy and bookmaker: 100 + rate); null for casino rounds. */
  oddsHundredths: number | null;
  /** The part of the risk that counts under a minimum odds: never more than amountAtRiskPaise. */
  countableAtOdds(minOddsHundredths: number): number;
  /** When its first stake was placed: it counts towards the bonus running then. */
  placedAt: Date;
  /** settled: counts; voided: counts nothing. */
  state: 'settled' | 'voided';
}

/** How the sports and casino modules report settled bonus-wallet positions, inside their own transaction. */
export type WageringListener = (tx: Queryable, facts: WageringFact[]) => Promise<void>;

export type WageringOutcome = {
  status: 'counted' | 'below_min_odds' | 'voided';
  countedPaise: number;
  contributionBp: number;
};

/** How much one position adds to progress: what counts at the minimum odds × the product's contribution. */
export function wageringOutcome(
  fact: Pick<WageringFact, 'product' | 'amountAtRiskPaise' | 'countableAtOdds' | 'state'>,
  terms: { minOddsHundredths: number; contributionsBp: ContributionsBp },
): WageringOutcome {
  const contributionBp = terms.contributionsBp[fact.product] ?? 0;
  if (fact.state === 'voided') return { status: 'voided', countedPaise: 0, contributionBp };
  const countablePaise = Math.min(fact.amountAtRiskPaise, fact.countableAtOdds(terms.minOddsHundredths));
  if (countablePaise === 0 && fact.amountAtRiskPaise > 0)
    return { status: 'below_min_odds', countedPaise: 0, contributionBp };
  return { status: 'counted', countedPaise: percentProfitPaise(contributionBp, countablePaise), contributionBp };
}

/** A running bonus's status from its progress: completed at the requirement, back to active below it. */
export function statusForProgress(current: BonusStatus, progressPaise: number, requiredPaise: number): BonusStatus {
  if (current === 'active' && progressPaise >= requiredPaise) return 'completed';
  if (current === 'completed' && progressPaise < requiredPaise) return 'active';
  return current;
}

/** A claim: up to the maximum conversion goes to main, the rest is removed. */
export function claimSplit(
  bonusBalancePaise: number,
  maxConversionPaise: number | null,
): { convertedPaise: number; removedPaise: number } {
  const convertedPaise =
    maxConversionPaise === null ? bonusBalancePaise : Math.min(bonusBalancePaise, maxConversionPaise);
  return { convertedPaise, removedPaise: bonusBalancePaise - convertedPaise };
}

/** Progress as a percent with two decimals, never above 100. */
export function progressPercent(progressPaise: number, requiredPaise: number): number {
  if (requiredPaise <= 0) return 100;
  return Math.min(100, Math.floor((progressPaise * 10_000) / requiredPaise) / 100);
}

const PRODUCT_NAMES: Record<BonusProduct, string> = {
  exchange: 'exchange',
  bookmaker: 'bookmaker',
  fancy: 'fancy',
  slots: 'slots',
  liveCasino: 'live casino',
};

/** The rules in plain words for the /bonus page. */
export function rulesInWords(terms: {
  amountPaise: number | null;
  wageringMultipleHundredths: number;
  minOddsHundredths: number;
  contributionsBp: ContributionsBp;
  maxConversionPaise: number | null;
  daysToActivate: number;
  daysToComplete: number;
}): string[] {
  const multiple = terms.wageringMultipleHundredths / 100;
  const counting = BONUS_PRODUCTS.filter((product) => (terms.contributionsBp[product] ?? 0) > 0);
  const rules = [
    terms.amountPaise === null
      ? `Play through ${multiple}× the bonus before you can claim it.`
      : `Play through ${multiple}× the bonus (${formatPaise(wageringRequiredPaise(terms.amountPaise, terms.wageringMultipleHundredths))}) before you can claim it.`,
    'Only settled bets and casino rounds staked from the bonus wallet count; a voided bet does not.',
    'Each settled market counts what you could really lose on it: bets that cancel each other out, or a position you cashed out, count only what was still at risk.',
    `Bets count at odds of ${(terms.minOddsHundredths / 100).toFixed(2)} or more; a lay or NO bet counts its liability; fancy counts at its rate.`,
    counting.length === 0
      ? 'No product counts towards this bonus.'
      : `Counts: ${counting.map((product) => `${PRODUCT_NAMES[product]} ${fromBp(terms.contributionsBp[product])} %`).join(', ')}.`,
    `Activate within ${terms.daysToActivate} day${terms.daysToActivate === 1 ? '' : 's'} of the offer, then complete it within ${terms.daysToComplete} day${terms.daysToComplete === 1 ? '' : 's'}, or it expires and the bonus wallet is emptied.`,
    terms.maxConversionPaise === null
      ? 'When complete, claim moves your whole bonus wallet to your main wallet.'
      : `When complete, claim moves up to ${formatPaise(terms.maxConversionPaise)} of your bonus wallet to your main wallet; the rest is removed.`,
    'Forfeit empties the bonus wallet; it is not possible while a bonus-wallet bet is open.',
  ];
  return rules;
}
