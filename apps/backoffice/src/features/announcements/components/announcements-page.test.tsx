import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLES } from '@khel/contract';
import type { Announcement } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, ok, profile, stubApi } from '../../../testing/fake-api';
import { fromIndiaLocal, toIndiaLocal } from './india-time';

const ONE: Announcement = {
  _id: 'a1',
  message: 'Deposits close at 11',
  startsAt: '2026-11-29T03:30:00.000Z',
  endsAt: '2026-11-29T18:30:00.000Z',
  author: { _id: 'me', name: 'Ravi', username: 'ravi' },
  audience: { _id: 'me', name: 'Ravi', username: 'ravi' },
  status: 'active',
  createdAt: '2026-11-29T03:00:00.000Z',
  updatedAt: '2026-11-29T03:00:00.000Z',
};

function stub() {
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ role: ROLES.AGENT })),
    'GET /backoffice/announcements': () => ok({ items: [ONE] }),
    'POST /backoffice/announcements': () => ok(ONE, 'Announcement posted'),
    'PUT /backoffice/announcements/:id': () => ok(ONE, 'Announcement saved'),
  });
}

describe('announcements page', () => {
  it('reads and writes times in India time whatever the browser', () => {
    expect(toIndiaLocal('2026-11-29T03:30:00.000Z')).toBe('2026-11-29T09:00');
    expect(fromIndiaLocal('2026-11-29T09:00')).toBe('2026-11-29T09:00:00+05:30');
  });

  it('posts a line with its times in IST, and refuses an end before the start without sending', async () => {
    const api = stub();
    renderApp('/announcements', { token: 't' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Post an announcement' });
    await user.type(within(form).getByLabelText('Message'), 'IPL final tonight');
    const starts = within(form).getByLabelText('Starts (IST)');
    const ends = within(form).getByLabelText('Ends (IST)');
    await user.clear(starts);
    await user.type(starts, '2026-11-29T20:00');
    await user.clear(ends);
    await user.type(ends, '2026-11-29T19:00');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('The end comes after the start')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/announcements')).toHaveLength(0);

    await user.clear(ends);
    await user.type(ends, '2026-11-29T23:30');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/announcements')).toHaveLength(1));
    expect(api.callsTo('POST', '/backoffice/announcements')[0]?.body).toEqual({
      message: 'IPL final tonight',
      startsAt: '2026-11-29T20:00:00+05:30',
      endsAt: '2026-11-29T23:30:00+05:30',
    });
  });

  it('edits a listed line in the same form', async () => {
    const api = stub();
    renderApp('/announcements', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit “Deposits close at 11”' }));
    const form = await screen.findByRole('form', { name: 'Edit the announcement' });
    expect((within(form).getByLabelText('Starts (IST)') as HTMLInputElement).value).toBe('2026-11-29T09:00');
    await user.type(within(form).getByLabelText('Message'), ' tonight');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/announcements/a1')).toHaveLength(1));
    expect((api.callsTo('PUT', '/backoffice/announcements/a1')[0]?.body as { message: string }).message).toBe(
      'Deposits close at 11 tonight',
    );
  });
});
