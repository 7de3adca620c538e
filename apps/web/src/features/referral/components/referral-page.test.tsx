import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BONUS_MESSAGES, ROLES, type ReferralUsers, type WeeklyReferralRow } from '@khel/contract';
import { desktopToasts } from '../../../lib/toast';
import { ok, stubFetch } from '../../../testing/fetch-stub';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';

const toasts = () => desktopToasts.get().map((toast) => `${toast.type}:${toast.message}`);

function referralUsers(claimable: number, minClaim = 100): ReferralUsers {
  return {
    referralCode: 'ASHA2345',
    sharePath: '/?referral_code=ASHA2345',
    totals: { earned: 700, claimable, claimed: 700 - claimable, minClaim },
    users: [
      { _id: 'u2', name: 'Ra** K****', joinedAt: '2026-11-02T10:00:00.000Z', firstDepositMade: true, totalEarned: 650 },
      { _id: 'u3', name: 'Vi** S****', joinedAt: '2026-11-10T10:00:00.000Z', firstDepositMade: false, totalEarned: 50 },
    ],
  };
}

const ROW: WeeklyReferralRow = {
  referredUserId: 'u2',
  name: 'Ra** K****',
  weekStartDate: '2026-11-15',
  weekEndDate: '2026-11-21',
  netLoss: 4000,
  earned: 200,
  capped: false,
  status: 'paid',
  refusedReason: null,
};

describe('/referral-bonus', { timeout: 20_000 }, () => {
  it('shows code, link, totals, the weekly period list opening on the last closed week, and claims to the main wallet', async () => {
    // Tuesday 24 Nov 2026, 10:00 in India: this week is 22–28 Nov, the last closed one 15–21 Nov.
    vi.useFakeTimers({ now: new Date('2026-11-24T04:30:00.000Z'), toFake: ['Date'] });
    const user = makeProfile({ refBonus: 300 });
    signIn(user);
    setViewport(true);
    let claimable = 300;
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /getUserData': ok(user),
      'GET /get-refferal-users': () => ok(referralUsers(claimable)),
      'GET /get-refferal-transactions': ok([
        {
          _id: 't1',
          kind: 'earned',
          amount: 200,
          weekStartDate: '2026-11-15',
          weekEndDate: '2026-11-21',
          description: 'Referral earnings 15 Nov – 21 Nov',
          balance: 300,
          createdAt: '2026-11-22T00:10:00.000Z',
        },
      ]),
      'GET /get-weekly-refferal-transactions': ({ search }) =>
        ok(search.get('startDate') === '2026-11-15' ? { rows: [ROW], total: 200 } : { rows: [], total: 0 }),
      'PUT /claim-ref-bonus': () => {
        claimable = 0;
        return ok({ claimed: 300, refBonus: 0, balance: 100300 }, BONUS_MESSAGES.refClaimed);
      },
    });
    renderApp('/referral-bonus');
    // The page is lazy: on a loaded machine its first render can take longer than findBy's default second.
    expect((await screen.findByTestId('referral-code', undefined, { timeout: 10_000 })).textContent).toBe('ASHA2345');
    expect(screen.getByTestId('referral-link').textContent).toBe('http://localhost:3000/?referral_code=ASHA2345');
    expect(screen.getByTestId('whatsapp-share').getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent('Join me and play with my referral code: http://localhost:3000/?referral_code=ASHA2345')}`,
    );
    expect(screen.getByTestId('ref-earned').textContent).toBe('₹700.00');
    expect(screen.getByTestId('ref-claimable').textContent).toBe('₹300.00');
    expect(screen.getByTestId('ref-claimed').textContent).toBe('₹400.00');

    const select = screen.getByTestId('week-select') as HTMLSelectElement;
    const labels = Array.from(select.options).map((option) => option.textContent);
    expect(labels.slice(0, 3)).toEqual(['22 Nov – 28 Nov (this week)', '15 Nov – 21 Nov', '8 Nov – 14 Nov']);
    expect(labels).toHaveLength(8);
    expect(select.selectedOptions[0]?.textContent).toBe('15 Nov – 21 Nov');
    const row = await screen.findByTestId('weekly-row');
    expect(row.textContent).toContain('Ra** K****');
    expect(within(row).getByTestId('weekly-earned').textContent).toBe('₹200.00');
    expect(row.textContent).toContain('Net loss ₹4,000.00');
    const weekly = callsTo('GET', '/get-weekly-refferal-transactions')[0];
    expect([weekly?.search.get('startDate'), weekly?.search.get('endDate')]).toEqual(['2026-11-15', '2026-11-21']);
    vi.useRealTimers();

    await userEvent.selectOptions(select, '8 Nov – 14 Nov');
    expect(await screen.findByTestId('weekly-empty')).toBeTruthy();
    expect(callsTo('GET', '/get-weekly-refferal-transactions').at(-1)?.search.get('startDate')).toBe('2026-11-08');

    expect(screen.getAllByTestId('referred-player').map((item) => item.textContent)).toEqual([
      expect.stringContaining('First deposit made'),
      expect.stringContaining('No deposit yet'),
    ]);
    expect(screen.getByTestId('referral-movement').textContent).toContain('+₹200.00');

    await userEvent.click(screen.getByRole('button', { name: 'Claim ₹300.00 to main wallet' }));
    await waitFor(() => expect(toasts()).toContain(`success:${BONUS_MESSAGES.refClaimed}`));
    expect(callsTo('PUT', '/claim-ref-bonus')[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('You can claim from ₹100.00.')).toBeTruthy();
    expect((screen.getByTestId('claim-ref-bonus') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is closed to credit players and to players without referralAllow', async () => {
    for (const user of [makeProfile({ role: ROLES.CREDIT_PLAYER }), makeProfile({ referralAllow: false })]) {
      signIn(user);
      setViewport(true);
      const { callsTo } = stubFetch({ 'GET /app-settings': ok(SETTINGS), 'GET /getUserData': ok(user) });
      const view = renderApp('/referral-bonus');
      await waitFor(() => expect(view.location().pathname).toBe('/slots'));
      expect(callsTo('GET', '/get-refferal-users')).toHaveLength(0);
      view.unmount();
    }
  });
});
