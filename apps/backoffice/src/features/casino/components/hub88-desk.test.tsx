import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { indiaDate } from '@khel/money';
import { renderApp } from '../../../testing/render-app';
import { ok } from '../../../testing/fake-api';
import type { DeskGame, Reconciliation } from '../api/keys';
import { importSummary, reconcileSummary } from '../api/hub88';
import { EXTERNAL, GAMES, HOUSE, HUB88, game, stubCasino } from '../testing/fixtures';

/**
 * The casino desk's Hub88 parts (issue 27, decision 0046): the aggregator's game list imported into the
 * catalogue (new games switched off, then enabled, ordered and hidden like any game), and its daily
 * reconciliation run for a past day, its differences listed with what they mean.
 */
const AGGREGATOR_GAMES: DeskGame[] = [
  game('11', {
    title: 'Roulette Live',
    game_code: 'evo_roulette_live',
    provider_code: 'hub88',
    provider_name: 'Evolution',
    game_category: 'Live Roulette',
    game_images: '/hub88-sim/thumbs/evo_roulette_live.svg',
    launch_kind: 'play',
    enabled: false,
    order: 110,
  }),
  game('12', {
    title: 'Sweet Fruits',
    game_code: 'pp_sweet_fruits',
    provider_code: 'hub88',
    provider_name: 'Pragmatic Play',
    game_category: 'Video Slots',
    game_images: '/hub88-sim/thumbs/pp_sweet_fruits.svg',
    is_slot: true,
    launch_kind: 'play',
    enabled: false,
    order: 120,
  }),
];

describe('Hub88 in the casino desk', () => {
  it('imports the aggregator catalogue: new games arrive switched off, and the operator enables one', async () => {
    let games = GAMES.map((item) => ({ ...item }));
    const api = stubCasino({
      'GET /backoffice/casino/providers': () => ok([HOUSE, EXTERNAL, HUB88]),
      'GET /backoffice/casino/games': () => ok(games),
      'POST /backoffice/casino/hub88/import': () => {
        games = [...games, ...AGGREGATOR_GAMES.map((item) => ({ ...item }))];
        return ok({ added: 2, updated: 0, disabled: 0, skipped: 0 }, 'Catalogue imported');
      },
      'PUT /backoffice/casino/games/:id': (call) => {
        const id = call.path.split('/').pop();
        const body = call.body as { enabled?: boolean };
        games = games.map((item) =>
          item._id === id && body.enabled !== undefined ? { ...item, enabled: body.enabled } : item,
        );
        return ok(
          games.find((item) => item._id === id),
          'Game saved',
        );
      },
    });
    renderApp('/casino', { token: 't' });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Casino games' });
    await user.click(screen.getByRole('button', { name: 'Import from Hub88' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/casino/hub88/import')).toHaveLength(1));
    expect(
      await screen.findByText(
        'Hub88 catalogue imported: 2 games added (switched off until you enable them), 0 refreshed, 0 switched off (no longer offered)',
      ),
    ).toBeTruthy();
    // The refreshed catalogue holds the aggregator's games, off, under their studios.
    const roulette = await screen.findByRole('row', { name: 'Roulette Live' });
    expect(within(roulette).getByText('Evolution')).toBeTruthy();
    const lobbySwitch = within(roulette).getByRole('switch', { name: 'In lobby: Roulette Live' }) as HTMLInputElement;
    expect(lobbySwitch.checked).toBe(false);
    await user.click(lobbySwitch);
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/casino/games/11')[0]?.body).toEqual({ enabled: true }));
    expect(await screen.findByText('Roulette Live is back in the lobby')).toBeTruthy();
  });

  it('offers the import only where a Hub88 provider exists', async () => {
    stubCasino({});
    renderApp('/casino', { token: 't' });
    await screen.findByRole('table', { name: 'Casino games' });
    expect(screen.queryByRole('button', { name: 'Import from Hub88' })).toBeNull();
  });

  it("reconciles a past day against Hub88's report and lists the differences with what they mean", async () => {
    let reconciled = false;
    const clean: Reconciliation = {
      provider: 'hub88',
      debits: 250,
      credits: 200,
      rollbacks: 0,
      journalNet: 50,
      problems: [],
    };
    const withDifferences: Reconciliation = {
      ...clean,
      problems: [
        {
          kind: 'HUB88_AGGREGATOR_ONLY',
          transactionId: '00000000-0000-4000-8000-000000000001',
          roundId: null,
          detail: '2026-11-21: the aggregator counts a successful win of 500 paise we have no record of',
        },
        {
          kind: 'HUB88_AGGREGATOR_PENDING',
          transactionId: '00000000-0000-4000-8000-000000000002',
          roundId: 'sim-7',
          detail: '2026-11-21: the aggregator still waits for our answer to a bet of 2500 paise',
        },
      ],
    };
    const api = stubCasino({
      'GET /backoffice/casino/providers': () => ok([HOUSE, EXTERNAL, HUB88]),
      'GET /backoffice/casino/reconciliation/:code': () => ok(reconciled ? withDifferences : clean),
      'POST /backoffice/casino/hub88/reconcile': (call) => {
        reconciled = true;
        const { date } = call.body as { date: string };
        return ok({ day: date, ours: 40, theirs: 41, matched: 39, differences: 2 }, 'Reconciled');
      },
    });
    renderApp('/casino?view=reconciliation&provider=hub88', { token: 't' });
    const user = userEvent.setup();
    await screen.findByText('All matched.');
    const form = screen.getByRole('form', { name: 'Reconcile a day with Hub88' });
    const day = within(form).getByLabelText("Day against Hub88's report (India time)") as HTMLInputElement;
    // Yesterday by default: today is not over yet.
    expect(day.value).toBe(indiaDate(new Date(Date.now() - 24 * 60 * 60 * 1000)));
    await user.clear(day);
    await user.type(day, '2026-11-21');
    await user.click(within(form).getByRole('button', { name: 'Reconcile day' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/casino/hub88/reconcile')[0]?.body).toEqual({ date: '2026-11-21' }),
    );
    expect(
      await screen.findByText(
        "Reconciled with Hub88 — 2026-11-21: 40 of ours, 41 in Hub88's report, 39 matched, 2 differences",
      ),
    ).toBeTruthy();
    // The view asks again and lists the aggregator's differences.
    const list = await screen.findByRole('list', { name: 'Unmatched items' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Hub88 counts a transaction we never took' })).toBeTruthy();
    expect(
      within(items[0]!).getByText('2026-11-21: the aggregator counts a successful win of ₹5.00 we have no record of'),
    ).toBeTruthy();
    expect(within(items[0]!).getByText('Books disagree')).toBeTruthy();
    expect(within(items[1]!).getByRole('heading', { name: 'Hub88 still waits for our answer' })).toBeTruthy();
    expect(within(items[1]!).getByText('To check')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('2 unmatched items');
  });

  it('words what an import and a reconciliation did', () => {
    expect(importSummary({ added: 1, updated: 12, disabled: 1, skipped: 2 })).toBe(
      '1 game added (switched off until you enable them), 12 refreshed, 1 switched off (no longer offered), 2 skipped (a code the catalogue cannot hold)',
    );
    expect(reconcileSummary({ day: '2026-11-21', ours: 3, theirs: 3, matched: 3, differences: 0 })).toBe(
      "2026-11-21: 3 of ours, 3 in Hub88's report, 3 matched, no differences",
    );
    expect(reconcileSummary({ day: '2026-11-21', ours: 3, theirs: 4, matched: 3, differences: 1 })).toBe(
      "2026-11-21: 3 of ours, 4 in Hub88's report, 3 matched, 1 difference",
    );
  });
});
