import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  BonusGrant,
  BonusOffer,
  BonusReportRow,
  PlayerBonusDetail,
  ReferralFlag,
  ReferralSettings,
} from '@khel/contract';
import { DEFAULT_CONTRIBUTIONS } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { backofficeUser, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';

const ME = profile()._id;
const OTHER = '00000000-0000-4000-8000-0000000000aa';
const PLAYER = backofficeUser();

function offer(overrides: Partial<BonusOffer> = {}): BonusOffer {
  return {
    _id: '00000000-0000-4000-8000-00000000f001',
    name: 'Goodwill',
    kind: 'manual',
    percent: null,
    capAmount: null,
    fixedAmount: null,
    minDeposit: null,
    frequency: 'once',
    wageringMultiple: 5,
    minOdds: 1.5,
    contributions: DEFAULT_CONTRIBUTIONS,
    daysToActivate: 7,
    daysToComplete: 30,
    maxConversion: null,
    paused: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function grant(overrides: Partial<BonusGrant> = {}): BonusGrant {
  return {
    _id: 'g1',
    userId: PLAYER._id,
    offerId: offer()._id,
    amount: 80000,
    reason: 'VIP promotion',
    status: 'pending',
    requestedBy: OTHER,
    approvedBy: null,
    bonusId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function stubDesk(
  state: {
    offers?: BonusOffer[];
    grants?: BonusGrant[];
    bonuses?: PlayerBonusDetail[];
    secondApprovalAbove?: number;
  } = {},
) {
  let offers = [...(state.offers ?? [])];
  let grants = [...(state.grants ?? [])];
  let settings: ReferralSettings = { ratePercent: 5, capPerPlayerWeek: 5000, minClaim: 100, firstDepositReward: 0 };
  const flags: ReferralFlag[] = [
    {
      _id: 'f1',
      referrer: { _id: 'r1', name: 'Ravi', username: 'ravi', mobile_no: '919876500001' },
      referred: { _id: 'r2', name: 'Ravi Two', username: 'ravi2', mobile_no: '919876500002' },
      reason: 'shared_upi',
      detail: 'ravi@okaxis',
      createdAt: '2026-11-22T00:10:00.000Z',
    },
  ];
  const report: BonusReportRow[] = [
    {
      weekStartDate: '2026-11-15',
      weekEndDate: '2026-11-21',
      bonusesGranted: 4,
      bonusesActivated: 4,
      bonusPosted: 2000,
      bonusesCompleted: 1,
      bonusesClaimed: 1,
      bonusConverted: 450,
      bonusesForfeited: 1,
      bonusesExpired: 0,
      referralEarned: 320,
      referralClaimed: 100,
      referralRefused: 1,
    },
  ];
  const above = state.secondApprovalAbove ?? Infinity;
  return stubApi({
    ...shellReads({ role: 1 }),
    'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    'GET /backoffice/bonus-offers': () => ok(offers),
    'POST /backoffice/bonus-offers': (call) => {
      const created = {
        ...(call.body as BonusOffer),
        _id: `o${offers.length + 1}`,
        paused: false,
        createdAt: '2026-11-24T10:00:00.000Z',
        updatedAt: '2026-11-24T10:00:00.000Z',
      };
      offers = [created, ...offers];
      return ok(created, 'Offer created');
    },
    'PUT /backoffice/bonus-offers/:id/pause': (call) => {
      const id = call.path.split('/')[3];
      offers = offers.map((item) =>
        item._id === id ? { ...item, paused: (call.body as { paused: boolean }).paused } : item,
      );
      return ok(offers.find((item) => item._id === id));
    },
    'GET /backoffice/bonus-grants': () => ok(grants.filter((item) => item.status === 'pending')),
    'POST /backoffice/bonus-grants/:id/approve': (call) => {
      const id = call.path.split('/')[3];
      grants = grants.map((item) => (item._id === id ? { ...item, status: 'granted', approvedBy: ME } : item));
      return ok(
        grants.find((item) => item._id === id),
        'Bonus offered to the player',
      );
    },
    'GET /backoffice/referral-settings': () => ok(settings),
    'PUT /backoffice/referral-settings': (call) => {
      settings = call.body as ReferralSettings;
      return ok(settings, 'Referral settings saved');
    },
    'GET /backoffice/referral-flags': () => ok(flags),
    'GET /backoffice/bonus-report': () => ok(report),
    'GET /backoffice/users/:id': () => ok(PLAYER),
    'GET /backoffice/users/:id/ledger': () => ok({ openingBalance: 0, closingBalance: 0, lines: [] }),
    'GET /backoffice/users/:id/adjustments': () => ok([]),
    'GET /backoffice/users/:id/bonuses': () => ok(state.bonuses ?? []),
    'POST /backoffice/users/:id/bonuses': (call) => {
      const body = call.body as { offerId: string; amount: number; reason: string };
      const pending = body.amount > above;
      const created = grant({
        _id: `g${grants.length + 2}`,
        amount: body.amount,
        reason: body.reason,
        requestedBy: ME,
        status: pending ? 'pending' : 'granted',
      });
      grants = [...grants, created];
      return ok(created, pending ? 'The bonus waits for a second operator' : 'Bonus offered to the player');
    },
  });
}

describe('the bonus desk', () => {
  it('creates a welcome offer with every parameter, after the contract refuses an incomplete one', async () => {
    const api = stubDesk();
    renderApp('/bonuses', { token: 't' });
    const user = userEvent.setup();
    expect(await screen.findByText('No offers yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Create offer' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/bonus-offers')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Welcome 100%');
    await user.type(within(dialog).getByLabelText('Cap (₹)'), '5000');
    await user.clear(within(dialog).getByLabelText('Fancy (%)'));
    await user.type(within(dialog).getByLabelText('Fancy (%)'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Create offer' }));
    expect(await within(dialog).findByText('At most 100 %')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Fancy (%)'));
    await user.type(within(dialog).getByLabelText('Fancy (%)'), '50');
    await user.type(within(dialog).getByLabelText('Maximum conversion (₹)'), '2500');
    await user.click(within(dialog).getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/bonus-offers')).toHaveLength(1));
    expect(api.callsTo('POST', '/backoffice/bonus-offers')[0]?.body).toEqual({
      name: 'Welcome 100%',
      kind: 'welcome',
      percent: 100,
      capAmount: 5000,
      fixedAmount: null,
      minDeposit: null,
      frequency: 'once',
      wageringMultiple: 10,
      minOdds: 1.5,
      contributions: { exchange: 100, bookmaker: 100, fancy: 50, slots: 100, liveCasino: 10 },
      daysToActivate: 7,
      daysToComplete: 30,
      maxConversion: 2500,
    });
    const table = await screen.findByRole('table', { name: 'Bonus offers' });
    const row = (await within(table).findByText('Welcome 100%')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('100% up to ₹5,000.00');
    expect(row.textContent).toContain('converts at most ₹2,500.00');
  }, 20_000);

  it('pauses an offer after saying what pausing does, and resumes it', async () => {
    const api = stubDesk({ offers: [offer()] });
    renderApp('/bonuses', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause Goodwill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Goodwill?' });
    expect(dialog.textContent).toContain('No new bonus is granted from this offer while it is paused.');
    await user.click(within(dialog).getByRole('button', { name: 'Pause offer' }));
    expect(await screen.findByText('Paused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume Goodwill' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/bonus-offers/${offer()._id}/pause`).map((call) => call.body)).toEqual([
        { paused: true },
        { paused: false },
      ]),
    );
  });

  it('lets another operator approve a pending grant, but not the one who asked', async () => {
    const api = stubDesk({
      offers: [offer()],
      grants: [grant(), grant({ _id: 'g-mine', requestedBy: ME, reason: 'My own ask', amount: 60000 })],
    });
    renderApp('/bonuses', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Grants to approve/ }));
    const mine = (await screen.findByText('My own ask')).closest('tr') as HTMLElement;
    expect(within(mine).queryByRole('button', { name: /^Approve/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve the grant of ₹80,000.00' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve this bonus?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/bonus-grants/g1/approve')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('VIP promotion')).toBeNull());
  });

  it('edits the referral settings within the contract, and lists flagged pairs and the weekly report', async () => {
    const api = stubDesk();
    renderApp('/bonuses', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Referral settings' }));
    const form = await screen.findByRole('form', { name: 'Referral settings' });
    const rate = within(form).getByLabelText('Rate (%)');
    expect((rate as HTMLInputElement).value).toBe('5');
    await user.clear(rate);
    await user.type(rate, '60');
    await user.click(within(form).getByRole('button', { name: 'Save referral settings' }));
    expect(await within(form).findByText('At most 50 %')).toBeTruthy();
    await user.clear(rate);
    await user.type(rate, '7.5');
    await user.clear(within(form).getByLabelText('First-deposit reward (₹)'));
    await user.type(within(form).getByLabelText('First-deposit reward (₹)'), '100');
    await user.click(within(form).getByRole('button', { name: 'Save referral settings' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/referral-settings')[0]?.body).toEqual({
        ratePercent: 7.5,
        capPerPlayerWeek: 5000,
        minClaim: 100,
        firstDepositReward: 100,
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Flagged referrals' }));
    const flags = await screen.findByRole('table', { name: 'Flagged referrals' });
    expect(flags.textContent).toContain('Same UPI id');
    expect(flags.textContent).toContain('ravi@okaxis');

    await user.click(screen.getByRole('tab', { name: 'Report' }));
    const report = await screen.findByRole('table', { name: 'Bonus and referral report' });
    const row = within(report).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('15 Nov – 21 Nov');
    expect(row.textContent).toContain('₹450.00');
    expect(row.textContent).toContain('25%');
    expect(row.textContent).toContain('₹320.00');
  });
});

describe("a player's bonuses on the user page", () => {
  it('grants a manual bonus with a reason (pending above the threshold) and shows the wagering history', async () => {
    const bonus: PlayerBonusDetail = {
      _id: 'b1',
      offerId: 'o-w',
      offerName: 'Welcome 100%',
      kind: 'welcome',
      status: 'active',
      amount: 500,
      wageringRequired: 5000,
      wageringProgress: 1250,
      progressPercent: 25,
      wageringMultiple: 10,
      minOdds: 1.5,
      contributions: DEFAULT_CONTRIBUTIONS,
      maxConversion: null,
      activateBy: '2026-11-27T10:00:00.000Z',
      completeBy: '2026-12-20T10:00:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      activatedAt: '2026-11-20T11:00:00.000Z',
      completedAt: null,
      closedAt: null,
      convertedAmount: null,
      removedAmount: null,
      rules: [],
      grantedBy: null,
      grantReason: null,
      wagering: [
        {
          _id: 'w1',
          source: 'sports',
          reference: 'bet1',
          description: 'India v Australia · Match Odds · India',
          product: 'exchange',
          amountAtRisk: 1000,
          odds: 2,
          contributionPercent: 100,
          counted: 1000,
          status: 'counted',
          updatedAt: '2026-11-21T10:00:00.000Z',
        },
        {
          _id: 'w2',
          source: 'sports',
          reference: 'bet2',
          description: 'India v Australia · Match Odds · Australia',
          product: 'exchange',
          amountAtRisk: 300,
          odds: 1.2,
          contributionPercent: 100,
          counted: 0,
          status: 'below_min_odds',
          updatedAt: '2026-11-21T11:00:00.000Z',
        },
      ],
    };
    const api = stubDesk({
      offers: [offer(), offer({ _id: 'o-w', name: 'Welcome', kind: 'welcome', percent: 100 })],
      bonuses: [bonus],
      secondApprovalAbove: 50000,
    });
    renderApp(`/users/${PLAYER._id}`, { token: 't' });
    const user = userEvent.setup();
    const item = await screen.findByRole('listitem', { name: 'Welcome 100%, Active' });
    expect(item.textContent).toContain('Wagered ₹1,250.00 of ₹5,000.00 (25%)');
    await user.click(within(item).getByText('Wagering history (2)'));
    const history = within(item).getByRole('table', { name: 'Wagering of Welcome 100%' });
    expect(history.textContent).toContain('Below minimum odds');

    const form = screen.getByRole('form', { name: 'Grant a bonus' });
    // Only live manual offers can be granted by hand.
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Goodwill']);
    await user.type(within(form).getByLabelText('Bonus amount (₹)'), '60000');
    await user.click(within(form).getByRole('button', { name: 'Review bonus' }));
    expect(await within(form).findByText('Give a reason')).toBeTruthy();
    await user.type(within(form).getByLabelText('Reason'), 'Large goodwill bonus');
    await user.click(within(form).getByRole('button', { name: 'Review bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer this bonus?' });
    expect(dialog.textContent).toContain('Offer ₹60,000.00 from Goodwill to Demo Player.');
    await user.click(within(dialog).getByRole('button', { name: 'Grant bonus' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/users/${PLAYER._id}/bonuses`)[0]?.body).toEqual({
        offerId: offer()._id,
        amount: 60000,
        reason: 'Large goodwill bonus',
      }),
    );
    expect(await screen.findByText('The bonus waits for a second operator')).toBeTruthy();
  }, 20_000);
});
