import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BONUS_MESSAGES, type BonusData } from '@khel/contract';
import { desktopToasts } from '../../../lib/toast';
import { makeBonus, makeBonusData, makeOffer } from '../../../testing/bonus-fixtures';
import { business, ok, stubFetch, transport } from '../../../testing/fetch-stub';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';

const toasts = () => desktopToasts.get().map((toast) => `${toast.type}:${toast.message}`);

/** The page is lazy: on a loaded machine its first render can take longer than findBy's default second. */
const LOAD = { timeout: 10_000 };

async function start(data: () => BonusData, extra: Parameters<typeof stubFetch>[0] = {}) {
  const user = makeProfile({ bonus: 450, bonusExposure: 0 });
  signIn(user);
  setViewport(true);
  const stub = stubFetch({
    'GET /app-settings': ok(SETTINGS),
    'GET /getUserData': ok(user),
    'GET /bonus-data': () => ok(data()),
    ...extra,
  });
  renderApp('/bonus');
  await screen.findByTestId('bonus-page', undefined, LOAD);
  await waitFor(() => expect(screen.queryByTestId('bonus-loading')).toBeNull(), LOAD);
  return stub;
}

describe('/bonus', { timeout: 20_000 }, () => {
  it('shows the active bonus with progress in rupees and percent, its rules and deadline, and the shortcut shows the percent', async () => {
    const waiting = makeBonus({
      _id: '00000000-0000-4000-8000-00000000b002',
      offerName: 'Reload bonus',
      status: 'offered',
      completeBy: null,
      activatedAt: null,
    });
    const { callsTo } = await start(() =>
      makeBonusData({ bonusBalance: 450, active: makeBonus(), offered: [waiting] }),
    );
    const card = await screen.findByRole('article', { name: 'Welcome bonus, Active' });
    expect(within(card).getByTestId('wagering-progress-text').textContent).toBe('₹2,000.00 of ₹5,000.00 wagered (40%)');
    expect(within(card).getByRole('progressbar', { name: 'Wagering progress' }).getAttribute('value')).toBe('40');
    expect(within(card).getByTestId('bonus-deadline').textContent).toMatch(/^Complete the wagering by 16 Dec 2026/);
    expect(within(card).getByText('Only bets at odds of 1.50 or more count.')).toBeTruthy();
    // Not completed: no Claim yet, only Forfeit.
    expect(within(card).queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Forfeit' })).toBeTruthy();
    expect((await screen.findByTestId('bonus-shortcut-progress')).textContent).toBe('40%');
    // One active bonus at a time: the waiting one says why it cannot be activated yet.
    const offered = screen.getByRole('article', { name: 'Reload bonus, Offered' });
    expect((within(offered).getByRole('button', { name: 'Activate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(offered).getByTestId('bonus-blocked').textContent).toContain(
      'You can have one active bonus at a time',
    );
    // Signed-in calls carry this browser's device id (the shared-device referral rule), the same each time.
    const devices = new Set(callsTo('GET', '/bonus-data').map((call) => call.headers.get('X-Device-Id')));
    expect([...devices]).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('activates an offered bonus after a confirmation that says what happens to the money', async () => {
    let data = makeBonusData({
      offered: [
        makeBonus({ status: 'offered', completeBy: null, activatedAt: null, wageringProgress: 0, progressPercent: 0 }),
      ],
    });
    const { callsTo } = await start(() => data, {
      'PUT /activate-bonus': () => {
        data = makeBonusData({ bonusBalance: 500, active: makeBonus({ wageringProgress: 0, progressPercent: 0 }) });
        return ok(data.active, BONUS_MESSAGES.activated);
      },
    });
    const card = await screen.findByRole('article', { name: 'Welcome bonus, Offered' });
    expect(within(card).getByTestId('bonus-deadline').textContent).toMatch(/^Activate by 2 Dec 2026/);
    await userEvent.click(within(card).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate this bonus?' });
    expect(dialog.textContent).toContain('₹500.00 will be added to your bonus wallet.');
    expect(dialog.textContent).toContain(
      'To unlock it, wager ₹5,000.00 (10× the bonus) from the bonus wallet at odds of at least 1.50.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(toasts()).toContain(`success:${BONUS_MESSAGES.activated}`));
    const [call] = callsTo('PUT', '/activate-bonus');
    expect(call?.body).toEqual({ bonusId: '00000000-0000-4000-8000-00000000b001' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Welcome bonus, Active' })).toBeTruthy();
    expect(screen.getByTestId('wagering-progress-text').textContent).toBe('₹0.00 of ₹5,000.00 wagered (0%)');
  });

  it('claims a completed bonus: the dialog shows what converts and what the cap removes', async () => {
    let data = makeBonusData({
      bonusBalance: 450,
      active: makeBonus({ status: 'completed', wageringProgress: 5000, progressPercent: 100 }),
    });
    const { callsTo } = await start(() => data, {
      'PUT /claim-bonus': () => {
        const claimed = makeBonus({
          status: 'claimed',
          convertedAmount: 300,
          removedAmount: 150,
          progressPercent: 100,
          wageringProgress: 5000,
        });
        data = makeBonusData({ past: [claimed] });
        return ok(claimed, BONUS_MESSAGES.claimed);
      },
    });
    const card = await screen.findByRole('article', { name: 'Welcome bonus, Ready to claim' });
    await userEvent.click(within(card).getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this bonus?' });
    expect(dialog.textContent).toContain('₹300.00 moves from your bonus wallet to your main wallet.');
    expect(dialog.textContent).toContain('The remaining ₹150.00 is removed: this bonus converts at most ₹300.00.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(callsTo('PUT', '/claim-bonus')).toHaveLength(1));
    const past = await screen.findByRole('article', { name: 'Welcome bonus, Claimed' });
    expect(within(past).getByTestId('bonus-outcome').textContent).toBe(
      '₹300.00 moved to your main wallet, ₹150.00 removed.',
    );
  });

  it('a refused forfeit keeps the dialog open and a retry sends the same Idempotency-Key', async () => {
    let refuse = true;
    const { callsTo } = await start(
      () => makeBonusData({ bonusBalance: 400, bonusExposure: -100, active: makeBonus() }),
      {
        'PUT /forfeit-bonus': () =>
          refuse
            ? business(409, 'Settle your open bonus-wallet bets before forfeiting', { error: 'BONUS_EXPOSURE_OPEN' })
            : ok(makeBonus({ status: 'forfeited' }), BONUS_MESSAGES.forfeited),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Forfeit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit this bonus?' });
    expect(dialog.textContent).toContain('The ₹400.00 in your bonus wallet is removed and this bonus ends.');
    expect(dialog.textContent).toContain(
      'You have ₹100.00 at risk in open bonus-wallet bets: settle them before forfeiting.',
    );
    expect(screen.getByTestId('bonus-wallet').textContent).toBe('Bonus wallet ₹400.00 · ₹100.00 in open bets');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    await waitFor(() => expect(toasts()).toContain('warning:Settle your open bonus-wallet bets before forfeiting'));
    expect(screen.getByRole('dialog', { name: 'Forfeit this bonus?' })).toBeTruthy();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    await waitFor(() => expect(toasts()).toContain(`success:${BONUS_MESSAGES.forfeited}`));
    const [first, second] = callsTo('PUT', '/forfeit-bonus');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('says honestly that there is no bonus, and lists the offers still open', async () => {
    await start(() => makeBonusData({ availableOffers: [makeOffer()] }));
    const empty = await screen.findByTestId('bonus-empty');
    expect(within(empty).getByText('No bonuses yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Make a deposit' }).getAttribute('href')).toBe('/deposit');
    const offer = screen.getByTestId('available-offer');
    expect(offer.textContent).toContain('50% of a deposit of ₹1,000.00 or more up to ₹2,000.00');
    expect(offer.textContent).toContain('At most once a week.');
  });

  it('shows a load failure in place with a working retry', async () => {
    let fail = true;
    await start(() => makeBonusData(), {
      'GET /bonus-data': () => (fail ? transport(500, 'Something went wrong') : ok(makeBonusData())),
    });
    const error = await screen.findByTestId('bonus-error');
    expect(error.textContent).toContain('We could not load your bonuses.');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bonus-empty')).toBeTruthy();
  });
});
