import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render-app';
import { SETTINGS, ok, profile, stubApi } from '../../testing/fake-api';

function stubShell(role: number) {
  return stubApi({
    'GET /app-settings': () => ok({ ...SETTINGS, siteName: 'Khel Test', color: '#1e88e5' }),
    'GET /getUserData': () => ok(profile({ role })),
    'GET /backoffice/users': () => ok({ items: [], total: 0 }),
    'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    'GET /backoffice/deposits': (call) => ok({ items: [], total: call.query.get('status') === 'pending' ? 3 : 0 }),
    'GET /backoffice/withdrawals': () => ok({ items: [], total: 0 }),
    'POST /logout': () => ok(null, 'Logged Out'),
  });
}

describe('app shell', () => {
  it('offers a director every section and paints the brand', async () => {
    stubShell(1);
    renderApp('/', { token: 't' });
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    // Waiting deposits are counted beside the link (and read out as "3 pending"); an empty queue shows no count.
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Search',
        'Downline',
        'Users',
        'Deposits3, 3 pending',
        'Withdrawals',
        'House money',
        'Tree moves',
        'Receiving accounts',
        'Sports',
        'Casino',
        'Bonuses',
        'Reports',
        'Risk view',
        'Banners',
        'Branding',
        'Agent statements',
        'Downline limits',
        'Announcements',
        'Audit log',
        'Change password',
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#1e88e5'));
    expect(document.title).toBe('Khel Test · Back office');
  });

  it('moves focus to the page after navigation and opens the drawer with its first item focused', async () => {
    stubShell(2);
    renderApp('/users', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Users');
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    expect(document.activeElement?.id).toBe('main');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out on the server and returns to the login page', async () => {
    const api = stubShell(1);
    const { router } = renderApp('/users', { token: 'operator-token' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/logout')[0]?.authorization).toBe('Bearer operator-token');
    expect(window.localStorage.getItem('bo_token')).toBeNull();
    expect(await screen.findByText('Logged out')).toBeTruthy();
  });
});
