import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventSummary } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { HttpFailure, fail, ok, shellReads, stubApi } from '../../../testing/fake-api';
import { CRICKET, IDS, IPL, eventDetail, sports } from '../testing/fixtures';

function summary(overrides: Partial<EventSummary>): EventSummary {
  const { markets: _markets, streamUrl: _streamUrl, ...rest } = eventDetail();
  return { ...rest, ...overrides };
}

const LIVE = summary({ _id: 'e-live', name: 'India v Australia', status: 'in_play', inPlay: true, marketCount: 3 });
const UPCOMING = summary({
  _id: 'e-next',
  name: 'Mumbai v Chennai',
  slugName: 'mumbai-v-chennai',
  status: 'upcoming',
  startTime: '2026-12-01T14:00:00.000Z',
  marketCount: 0,
});
const FINISHED = summary({
  _id: 'e-done',
  name: 'Delhi v Punjab',
  slugName: 'delhi-v-punjab',
  status: 'finished',
  startTime: '2026-10-01T14:00:00.000Z',
});

function stubDesk(options: { failSports?: boolean } = {}) {
  return stubApi({
    ...shellReads(),
    'GET /sports': () => (options.failSports ? new HttpFailure(403, 'Operators only') : ok(sports())),
    'GET /backoffice/events': (call) => {
      const sport = call.query.get('sport');
      const all = [LIVE, UPCOMING, FINISHED].filter((event) => sport === null || event.sport.slugName === sport);
      return ok(call.query.get('inPlay') === 'true' ? all.filter((event) => event.inPlay) : all);
    },
    'POST /backoffice/sports': (call) => {
      const { name } = call.body as { name: string };
      if (name === 'Cricket') return fail(409, 'A sport with this name exists', 'CONFLICT');
      return ok({ _id: '30000000-0000-4000-8000-0000000000aa', name, slugName: name.toLowerCase() }, 'Sport added');
    },
    'POST /backoffice/leagues': (call) =>
      ok({ _id: '30000000-0000-4000-8000-0000000000ab', name: (call.body as { name: string }).name }, 'League added'),
    'POST /backoffice/events': (call) =>
      ok({ _id: '30000000-0000-4000-8000-0000000000ac', name: (call.body as { name: string }).name }, 'Event added'),
  });
}

describe('sports desk: sports, leagues and events', () => {
  it('shows the tree with counts and every event, filtered by state in the URL', async () => {
    stubDesk();
    const { router } = renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    const tree = await screen.findByRole('navigation', { name: 'Sports and leagues' });
    expect(await within(tree).findByRole('link', { name: /Cricket\s*2\s*1 live/ })).toBeTruthy();
    expect(within(tree).getByRole('link', { name: /Indian Premier League/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'India v Australia' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Delhi v Punjab' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Live' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mumbai v Chennai' })).toBeNull());
    expect(screen.getByRole('link', { name: 'India v Australia' })).toBeTruthy();
    expect(router.state.location.search).toBe('?show=live');

    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(await screen.findByRole('link', { name: 'Mumbai v Chennai' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'India v Australia' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Finished' }));
    expect(await screen.findByRole('link', { name: 'Delhi v Punjab' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mumbai v Chennai' })).toBeNull();
  });

  it('asks the server for the chosen sport and league by slug and links an event to its page', async () => {
    const api = stubDesk();
    const { router } = renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    const tree = await screen.findByRole('navigation', { name: 'Sports and leagues' });
    await user.click(await within(tree).findByRole('link', { name: /Indian Premier League/ }));
    await waitFor(() =>
      expect(
        api
          .callsTo('GET', '/backoffice/events')
          .some(
            (call) => call.query.get('sport') === 'cricket' && call.query.get('league') === 'indian-premier-league',
          ),
      ).toBe(true),
    );
    expect(screen.getByRole('heading', { name: 'Events: Cricket · Indian Premier League' })).toBeTruthy();
    await user.click(await screen.findByRole('link', { name: 'India v Australia' }));
    expect(router.state.location.pathname).toBe('/sports/cricket/indian-premier-league/india-v-australia');
  });

  it('says when nothing matches and when the list cannot load', async () => {
    stubDesk({ failSports: true });
    renderApp('/sports?show=live&sport=football', { token: 't' });
    expect(await screen.findByText('Operators only')).toBeTruthy();
    expect(await screen.findByText('Nothing is live right now')).toBeTruthy();
  });

  it('adds a sport only with a name, and keeps the form open when the server refuses', async () => {
    const api = stubDesk();
    renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add sport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sport' });
    await user.click(within(dialog).getByRole('button', { name: 'Add sport' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/sports')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Cricket');
    await user.click(within(dialog).getByRole('button', { name: 'Add sport' }));
    expect(await screen.findByText('A sport with this name exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add a sport' })).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Kabaddi');
    await user.click(within(dialog).getByRole('button', { name: 'Add sport' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/backoffice/sports').at(-1)?.body).toEqual({ name: 'Kabaddi' });
    expect(await screen.findByText('Sport added')).toBeTruthy();
  });

  it('adds a league to the chosen sport', async () => {
    const api = stubDesk();
    renderApp('/sports?sport=cricket', { token: 't' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: /Indian Premier League/ });
    await user.click(screen.getByRole('button', { name: 'Add league' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a league' });
    expect((within(dialog).getByLabelText('Sport') as HTMLSelectElement).value).toBe(IDS.cricket);
    await user.type(within(dialog).getByLabelText('Name'), 'Big Bash League');
    await user.click(within(dialog).getByRole('button', { name: 'Add league' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/leagues')[0]?.body).toEqual({
        sportId: CRICKET._id,
        name: 'Big Bash League',
      }),
    );
  });

  it('adds an event with its start read as India time', async () => {
    const api = stubDesk();
    renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: /Indian Premier League/ });
    await user.click(screen.getByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an event' });
    await user.type(within(dialog).getByLabelText('Name'), 'India v Australia');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Choose the start date and time')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/events')).toHaveLength(0);

    // datetime-local: user-event cannot type into it in jsdom, so set it the way the browser does.
    const start = within(dialog).getByLabelText('Starts (India time)') as HTMLInputElement;
    fireEvent.change(start, { target: { value: '2026-11-21T19:30' } });
    await user.type(within(dialog).getByLabelText('Stream address (optional)'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Enter a full address (https://…) or leave it empty')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Stream address (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/events')[0]?.body).toEqual({
        leagueId: IPL._id,
        name: 'India v Australia',
        startTime: '2026-11-21T14:00:00.000Z',
      }),
    );
    // The answer is only an id, not in this stubbed list: the dialog closes and the list stays.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens the new event's page, where markets are added", async () => {
    const created = summary({
      _id: '30000000-0000-4000-8000-0000000000ac',
      name: 'Rajasthan v Gujarat',
      slugName: 'rajasthan-v-gujarat',
    });
    stubApi({
      ...shellReads(),
      'GET /sports': () => ok(sports()),
      'GET /backoffice/events': () => ok([created]),
      'POST /backoffice/events': () => ok({ _id: created._id }, 'Event saved'),
      'GET /event': () => ok({ ...eventDetail(), ...created, markets: [] }),
    });
    const { router } = renderApp('/sports?sport=cricket&league=indian-premier-league', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an event' });
    expect((within(dialog).getByLabelText('League') as HTMLSelectElement).value).toBe(IPL._id);
    await user.type(within(dialog).getByLabelText('Name'), 'Rajasthan v Gujarat');
    fireEvent.change(within(dialog).getByLabelText('Starts (India time)'), { target: { value: '2026-11-22T19:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await screen.findByRole('heading', { name: /Rajasthan v Gujarat/, level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sports/cricket/indian-premier-league/rajasthan-v-gujarat');
    expect(await screen.findByText('No markets yet')).toBeTruthy();
  });
});
