import type { AvailableOffer, BonusData, PlayerBonus } from '@khel/contract';

export function makeBonus(overrides: Partial<PlayerBonus> = {}): PlayerBonus {
  return {
    _id: '00000000-0000-4000-8000-00000000b001',
    offerId: '00000000-0000-4000-8000-00000000f001',
    offerName: 'Welcome bonus',
    kind: 'welcome',
    status: 'active',
    amount: 500,
    wageringRequired: 5000,
    wageringProgress: 2000,
    progressPercent: 40,
    wageringMultiple: 10,
    minOdds: 1.5,
    contributions: { exchange: 100, bookmaker: 100, fancy: 50, slots: 100, liveCasino: 10 },
    maxConversion: 300,
    activateBy: '2026-12-01T18:30:00.000Z',
    completeBy: '2026-12-15T18:30:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    activatedAt: '2026-11-20T11:00:00.000Z',
    completedAt: null,
    closedAt: null,
    convertedAmount: null,
    removedAmount: null,
    rules: [
      'Wager ₹5,000.00 (10× the bonus) from the bonus wallet within 14 days.',
      'Only bets at odds of 1.50 or more count.',
    ],
    ...overrides,
  };
}

export function makeOffer(overrides: Partial<AvailableOffer> = {}): AvailableOffer {
  return {
    _id: '00000000-0000-4000-8000-00000000f002',
    name: 'Weekend reload',
    kind: 'deposit',
    percent: 50,
    capAmount: 2000,
    fixedAmount: null,
    minDeposit: 1000,
    frequency: 'weekly',
    wageringMultiple: 8,
    minOdds: 1.4,
    contributions: { exchange: 100, bookmaker: 100, fancy: 50, slots: 100, liveCasino: 10 },
    daysToActivate: 7,
    daysToComplete: 14,
    maxConversion: null,
    rules: ['Wager 8× the bonus from the bonus wallet within 14 days.'],
    ...overrides,
  };
}

export function makeBonusData(overrides: Partial<BonusData> = {}): BonusData {
  return { bonusBalance: 0, bonusExposure: 0, active: null, offered: [], past: [], availableOffers: [], ...overrides };
}
