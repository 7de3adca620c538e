import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

function stubUsers() {
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ role: 1 })),
    'GET /backoffice/users': (call) => {
      const search = call.query.get('search') ?? '';
      const items = search === '' || 'demo player'.includes(search.toLowerCase()) ? [backofficeUser()] : [];
      return ok({ items, total: items.length });
    },
  });
}

describe('users page', () => {
  it('waits for typing to pause before it searches, and asks once', async () => {
    const api = stubUsers();
    const { router } = renderApp('/users', { token: 't' });
    expect(await screen.findByText('Demo Player')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'demo');

    await waitFor(() =>
      expect(api.callsTo('GET', '/backoffice/users').some((call) => call.query.get('search') === 'demo')).toBe(true),
    );
    const searches = api.callsTo('GET', '/backoffice/users').map((call) => call.query.get('search'));
    // The first load had no search; then exactly one request, for the whole word.
    expect(searches).toEqual([null, 'demo']);
    expect(router.state.location.search).toBe('?q=demo');
  });

  it('shows an empty state with a way back when nothing matches', async () => {
    stubUsers();
    renderApp('/users?q=nobody', { token: 't' });
    expect(await screen.findByText('No users match these filters')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Demo Player')).toBeTruthy();
  });

  it('filters by role and pages through the results', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users': () => ok({ items: [backofficeUser()], total: 60 }),
    });
    renderApp('/users', { token: 't' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role'), '4');
    await waitFor(() => expect(api.callsTo('GET', '/backoffice/users').at(-1)?.query.get('role')).toBe('4'));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.callsTo('GET', '/backoffice/users').at(-1)?.query.get('page')).toBe('2'));
    expect(api.callsTo('GET', '/backoffice/users').at(-1)?.query.get('role')).toBe('4');
    expect(await screen.findByText('26–50 of 60')).toBeTruthy();
  });

  it('links each user to their detail page', async () => {
    stubUsers();
    renderApp('/users', { token: 't' });
    const link = await screen.findByRole('link', { name: 'Demo Player' });
    expect(link.getAttribute('href')).toBe(`/users/${backofficeUser()._id}`);
  });
});
