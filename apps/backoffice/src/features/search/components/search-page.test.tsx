import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficeSearch } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, ok, profile, stubApi } from '../../../testing/fake-api';

const FOUND: BackofficeSearch = {
  users: [{ _id: 'u1', name: 'Asha Rao', username: 'asha01', mobile_no: '919812345678', role: 4 }],
  bets: [],
  deposits: [
    {
      _id: 'd1',
      userId: 'u1',
      username: 'asha01',
      amount: 500,
      txnRef: 'UTR 4455-0001',
      status: 'pending',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
};

describe('search (issue 28)', () => {
  it('asks the server with the text, shows users and deposits linked to the account, and refuses one character', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 3 })),
      'GET /backoffice/search': () => ok(FOUND),
    });
    renderApp('/search', { token: 't' });
    const box = await screen.findByLabelText('Username, mobile, bet id or UTR');
    await userEvent.type(box, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters')).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/backoffice/search')).toBe(false);
    await userEvent.type(box, 'sha');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('link', { name: 'Asha Rao' })).getAttribute('href')).toBe('/users/u1');
    expect(screen.getByText(/UTR 4455-0001/)).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/backoffice/search')?.query.get('q')).toBe('asha'),
    );
  });
});
