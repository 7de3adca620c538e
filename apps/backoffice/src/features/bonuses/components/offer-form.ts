import { BONUS_PRODUCTS, DEFAULT_CONTRIBUTIONS, bonusOfferCreateSchema } from '@khel/contract';
import type { BonusOffer, BonusOfferCreate, BonusOfferKind, BonusProduct, DepositOfferFrequency } from '@khel/contract';
import { fieldErrors, type FieldErrors } from '../../../lib/field-errors';

/** What the offer form holds: text as typed, turned into the contract's body on submit. */
export interface OfferDraft {
  name: string;
  kind: BonusOfferKind;
  basis: 'percent' | 'fixed';
  percent: string;
  capAmount: string;
  fixedAmount: string;
  minDeposit: string;
  frequency: DepositOfferFrequency;
  wageringMultiple: string;
  minOdds: string;
  contributions: Record<BonusProduct, string>;
  daysToActivate: string;
  daysToComplete: string;
  maxConversion: string;
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function draftOf(offer: BonusOffer | null): OfferDraft {
  if (offer === null) {
    return {
      name: '',
      kind: 'welcome',
      basis: 'percent',
      percent: '100',
      capAmount: '',
      fixedAmount: '',
      minDeposit: '',
      frequency: 'once',
      wageringMultiple: '10',
      minOdds: '1.5',
      contributions: Object.fromEntries(
        BONUS_PRODUCTS.map((product) => [product, String(DEFAULT_CONTRIBUTIONS[product])]),
      ) as Record<BonusProduct, string>,
      daysToActivate: '7',
      daysToComplete: '30',
      maxConversion: '',
    };
  }
  return {
    name: offer.name,
    kind: offer.kind,
    basis: offer.fixedAmount !== null ? 'fixed' : 'percent',
    percent: text(offer.percent),
    capAmount: text(offer.capAmount),
    fixedAmount: text(offer.fixedAmount),
    minDeposit: text(offer.minDeposit),
    frequency: offer.frequency,
    wageringMultiple: String(offer.wageringMultiple),
    minOdds: String(offer.minOdds),
    contributions: Object.fromEntries(
      BONUS_PRODUCTS.map((product) => [product, String(offer.contributions[product])]),
    ) as Record<BonusProduct, string>,
    daysToActivate: String(offer.daysToActivate),
    daysToComplete: String(offer.daysToComplete),
    maxConversion: text(offer.maxConversion),
  };
}

/** '' → null (an optional amount left empty); else the number, NaN included, for the schema to judge. */
const nullable = (value: string) => (value.trim() === '' ? null : Number(value));
const required = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The contract's body from the draft, or the field errors in the contract's own words. */
export function parseDraft(
  draft: OfferDraft,
): { ok: true; body: BonusOfferCreate } | { ok: false; errors: FieldErrors } {
  const percentBased = draft.kind !== 'manual' && draft.basis === 'percent';
  const candidate = {
    name: draft.name,
    kind: draft.kind,
    percent: percentBased ? required(draft.percent) : null,
    capAmount: percentBased ? nullable(draft.capAmount) : null,
    fixedAmount: percentBased ? null : nullable(draft.fixedAmount),
    minDeposit: draft.kind === 'deposit' ? required(draft.minDeposit) : null,
    frequency: draft.kind === 'deposit' ? draft.frequency : 'once',
    wageringMultiple: required(draft.wageringMultiple),
    minOdds: required(draft.minOdds),
    contributions: Object.fromEntries(
      BONUS_PRODUCTS.map((product) => [product, required(draft.contributions[product])]),
    ),
    daysToActivate: required(draft.daysToActivate),
    daysToComplete: required(draft.daysToComplete),
    maxConversion: nullable(draft.maxConversion),
  };
  const parsed = bonusOfferCreateSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error.issues) };
}
