import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { ok, stubFetch } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { eventDetail, exchangeMarket } from '../../../testing/sports-fixtures';
import { resetLiveMarkets } from '../hooks/live-markets';

describe('Home sports lists', () => {
  it('lists in-play and upcoming events with best back/lay prices, links to the event and filters by sport', async () => {
    resetLiveMarkets();
    setViewport(true);
    const user = makeProfile();
    signIn(user);
    const live = eventDetail();
    const upcoming = {
      ...eventDetail([exchangeMarket({ _id: '00000000-0000-4000-8000-000000000009' })]),
      _id: 'e-2',
      name: 'Pune v Delhi',
      slugName: 'pune-v-delhi',
      inPlay: false,
      status: 'upcoming' as const,
      score: null,
    };
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /advertisement': ok([]),
      'GET /getUserData': ok(user),
      'GET /sports': ok([
        { _id: 's1', name: 'Cricket', slugName: 'cricket', leagues: [], eventCount: 2, liveCount: 1 },
      ]),
      'GET /events': ok([live, upcoming]),
    });
    renderApp('/');
    // Home is loaded on demand: its first import in a run may take more than the default second on a busy machine.
    const inPlay = await screen.findByTestId('in-play');
    const row = within(inPlay).getByTestId('event-row');
    expect(within(row).getByRole('link', { name: 'India v Australia' }).getAttribute('href')).toBe(
      '/event?sport=cricket&league=t20-series&event=india-v-australia',
    );
    expect(within(row).getByRole('button', { name: 'Back India 1.8, 12k' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Lay India 1.82, 9k' })).toBeTruthy();
    expect(within(screen.getByTestId('upcoming')).getByText('Pune v Delhi')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Cricket/ }));
    await waitFor(() => expect(callsTo('GET', '/events').at(-1)?.search.get('sport')).toBe('cricket'));

    await userEvent.click(within(row).getByRole('button', { name: 'Back India 1.8, 12k' }));
    expect(within(screen.getByTestId('bet-slip')).getByTestId('slip-selection').textContent).toBe('India');
  }, 15_000); // waits for Home's first import on a busy machine
});
