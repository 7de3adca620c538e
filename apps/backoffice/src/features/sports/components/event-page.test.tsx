import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDetail, Market } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, shellReads, stubApi } from '../../../testing/fake-api';
import { EVENT_PATH, IDS, eventDetail, exchangeMarket, fancyMarket, market } from '../testing/fixtures';

function stubEvent(initial: EventDetail = eventDetail()) {
  let event = initial;
  const put = (id: string, change: Partial<Market>) => {
    event = {
      ...event,
      markets: event.markets.map((item) =>
        item._id === id ? { ...item, ...change, version: item.version + 1 } : item,
      ),
    };
    return event.markets.find((item) => item._id === id);
  };
  const api = stubApi({
    ...shellReads(),
    'GET /event': () => ok(event),
    'PUT /backoffice/markets/:id': (call) => {
      const id = call.path.split('/').at(-1) ?? '';
      const body = call.body as Partial<Market>;
      if (body.status === 'open' && event.markets.find((item) => item._id === id)?.status === 'settled')
        return fail(409, 'The market is settled', 'MARKET_FINAL');
      return ok(
        put(id, {
          ...body,
          ...(body.status === 'suspended'
            ? { suspendReason: 'OPERATOR' }
            : body.status === 'open'
              ? { suspendReason: null }
              : {}),
        }),
      );
    },
    'PUT /backoffice/events/:id': (call) => {
      event = { ...event, ...(call.body as Partial<EventDetail>) };
      return ok(event, 'Event saved');
    },
    'POST /backoffice/markets': (call) => {
      const body = call.body as { name: string; marketType: Market['marketType'] };
      const created = market({
        _id: '30000000-0000-4000-8000-0000000000f1',
        name: body.name,
        marketType: body.marketType,
      });
      event = { ...event, markets: [...event.markets, created] };
      return ok(created, 'Market added');
    },
  });
  return { api, current: () => event };
}

describe('sports desk: an event and its markets', () => {
  it('lists the markets with their state, prices and limits', async () => {
    stubEvent(
      eventDetail({
        markets: [
          market(),
          fancyMarket({ status: 'suspended', suspendReason: 'BALL_RUNNING', inPlay: true }),
          exchangeMarket({ status: 'settled', result: IDS.india }),
        ],
      }),
    );
    renderApp(EVENT_PATH, { token: 't' });
    expect(await screen.findByRole('heading', { name: /India v Australia/ })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [bookmaker, fancy, exchange] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(bookmaker).getByText('Open', { selector: '.badge' })).toBeTruthy();
    expect(within(bookmaker).getByText('India 45 / 47 · Australia 180 / 190')).toBeTruthy();
    expect(within(bookmaker).getByText('₹100.00–₹50,000.00 · max profit ₹2,00,000.00 · delay 0 s')).toBeTruthy();
    expect(within(fancy).getByText('Suspended')).toBeTruthy();
    expect(within(fancy).getByText('In play')).toBeTruthy();
    expect(within(fancy).getByText('Ball running')).toBeTruthy();
    expect(within(fancy).getByText('NO 61 @ 100 · YES 63 @ 100')).toBeTruthy();
    expect(within(exchange).getByText('Settled')).toBeTruthy();
    expect(within(exchange).getByText('Result: India')).toBeTruthy();
    // A settled market has no quick controls, only the way to its page.
    expect(within(exchange).queryByRole('button')).toBeNull();
    expect(within(exchange).getByRole('link', { name: 'Open Match Odds' }).getAttribute('href')).toBe(
      `${EVENT_PATH}/markets/${IDS.exchange}`,
    );
  });

  it('suspends an open market in one click and resumes it', async () => {
    const { api } = stubEvent(eventDetail({ markets: [market()] }));
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend Bookmaker' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[0]?.body).toEqual({ status: 'suspended' }),
    );
    expect(await screen.findByText('Bookmaker suspended')).toBeTruthy();
    expect(await screen.findByText('Suspended')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Resume Bookmaker' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[1]?.body).toEqual({ status: 'open' }),
    );
    expect(await screen.findByRole('button', { name: 'Suspend Bookmaker' })).toBeTruthy();
  });

  it('suspends every open market of the event in one click', async () => {
    const { api } = stubEvent(
      eventDetail({ markets: [market(), fancyMarket({ status: 'suspended' }), exchangeMarket()] }),
    );
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend all open (2)' }));
    expect(await screen.findByText('2 markets suspended')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      [`/backoffice/markets/${IDS.bookmaker}`, { status: 'suspended' }],
      [`/backoffice/markets/${IDS.exchange}`, { status: 'suspended' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Suspend all open/ })).toBeNull());
  });

  it('turns a market in play after saying what that does', async () => {
    const { api } = stubEvent(eventDetail({ markets: [exchangeMarket({ betDelaySeconds: 5 })] }));
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn in play: Match Odds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn Match Odds in play' });
    expect(within(dialog).getByText(/Unmatched offers are cancelled/)).toBeTruthy();
    expect(within(dialog).getByText(/waits 5 s on the server/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Turn in play' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.exchange}`)[0]?.body).toEqual({ inPlay: true }),
    );
    expect(await screen.findByText('Match Odds is in play')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Take out of play: Match Odds' })).toBeTruthy();
  });

  it('edits the bet delay and limits, refusing a maximum below the minimum', async () => {
    const { api } = stubEvent(eventDetail({ markets: [market()] }));
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Limits of Bookmaker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limits of Bookmaker' });
    const delay = within(dialog).getByLabelText('Bet delay (seconds)');
    await user.clear(delay);
    await user.type(delay, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText('Enter whole seconds from 0 to 30')).toBeTruthy();
    await user.clear(delay);
    await user.type(delay, '5');
    await user.clear(within(dialog).getByLabelText('Maximum profit (₹)'));
    await user.type(within(dialog).getByLabelText('Maximum profit (₹)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText('Enter a maximum profit above ₹0')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Maximum profit (₹)'));
    await user.type(within(dialog).getByLabelText('Maximum profit (₹)'), '200000');
    await user.clear(within(dialog).getByLabelText('Maximum stake (₹)'));
    await user.type(within(dialog).getByLabelText('Maximum stake (₹)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText('The maximum stake must not be below the minimum')).toBeTruthy();
    expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Maximum stake (₹)'));
    await user.type(within(dialog).getByLabelText('Maximum stake (₹)'), '25000');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[0]?.body).toEqual({
        betDelaySeconds: 5,
        minStake: 100,
        maxStake: 25000,
        maxProfit: 200000,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('₹100.00–₹25,000.00 · max profit ₹2,00,000.00 · delay 5 s')).toBeTruthy();
  });

  it('adds a bookmaker market with the runners taken from the event name', async () => {
    const { api } = stubEvent(eventDetail({ markets: [] }));
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    expect(await screen.findByText('No markets yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a market' });
    expect((within(dialog).getByLabelText('Runner 1') as HTMLInputElement).value).toBe('India');
    expect((within(dialog).getByLabelText('Runner 2') as HTMLInputElement).value).toBe('Australia');
    await user.clear(within(dialog).getByLabelText('Runner 2'));
    await user.click(within(dialog).getByRole('button', { name: 'Add market' }));
    expect(await within(dialog).findByText('Name at least two runners')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Runner 2'), 'Australia');
    await user.click(within(dialog).getByRole('button', { name: 'Add market' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/markets')[0]?.body).toEqual({
        eventId: IDS.event,
        marketType: 'BOOKMAKER',
        name: 'Bookmaker',
        runners: ['India', 'Australia'],
      }),
    );
    expect(await screen.findByText('Market added')).toBeTruthy();
  });

  it('adds a fancy market without runners', async () => {
    const { api } = stubEvent(eventDetail({ markets: [] }));
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a market' });
    await user.click(within(dialog).getByLabelText('Fancy'));
    expect(within(dialog).queryByLabelText('Runner 1')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add market' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), '6 over runs IND');
    await user.click(within(dialog).getByText('Bet delay and limits (optional)'));
    await user.type(within(dialog).getByLabelText('Bet delay (seconds)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add market' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/markets')[0]?.body).toEqual({
        eventId: IDS.event,
        marketType: 'FANCY',
        name: '6 over runs IND',
        runners: [],
        betDelaySeconds: 3,
      }),
    );
  });

  it('changes the event state and stream', async () => {
    const { api } = stubEvent();
    renderApp(EVENT_PATH, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit India v Australia' });
    expect((within(dialog).getByLabelText('Starts (India time)') as HTMLInputElement).value).toBe('2026-11-21T19:30');
    await user.selectOptions(within(dialog).getByLabelText('State'), 'in_play');
    await user.type(within(dialog).getByLabelText('Stream address'), 'https://stream.example/ind-aus');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/events/${IDS.event}`)[0]?.body).toEqual({
        status: 'in_play',
        streamUrl: 'https://stream.example/ind-aus',
      }),
    );
    expect(await screen.findByText('https://stream.example/ind-aus')).toBeTruthy();
  });

  it('says when the event does not exist', async () => {
    stubApi({
      ...shellReads(),
      'GET /event': () => fail(404, 'Event not found', 'NOT_FOUND'),
    });
    renderApp('/sports/cricket/ipl/nope', { token: 't' });
    expect(await screen.findByText('Event not found')).toBeTruthy();
    expect(screen.getByRole('main').querySelector('a[href="/sports"]')).toBeTruthy();
  });
});
