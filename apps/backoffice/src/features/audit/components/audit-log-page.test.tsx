import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

function entry(index: number): AuditEntry {
  return {
    _id: `entry-${index}`,
    actorId: 'director-id',
    actorName: 'Demo Director',
    action: 'user.update',
    targetType: 'user',
    targetId: backofficeUser()._id,
    targetName: 'Demo Player (919999900001)',
    details: { allowSlots: { from: true, to: false } },
    ip: '127.0.0.1',
    createdAt: '2025-06-01T10:00:00.000Z',
  };
}

describe('audit log page', () => {
  it('lists entries newest first with who, what and a link to the user, and pages on', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 2 })),
      'GET /backoffice/audit-log': () => ok({ items: [entry(1)], total: 120 }),
    });
    renderApp('/audit-log', { token: 't' });
    expect(await screen.findByText('User changed')).toBeTruthy();
    const row = screen.getByText('User changed').closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Demo Director')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('127.0.0.1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demo Player (919999900001)' }).getAttribute('href')).toBe(`/users/${backofficeUser()._id}`);
    expect(api.callsTo('GET', '/backoffice/audit-log')[0]?.query.get('page')).toBe('1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.callsTo('GET', '/backoffice/audit-log').at(-1)?.query.get('page')).toBe('2'));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
  });

  it('says so when nothing has been recorded', async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    });
    renderApp('/audit-log', { token: 't' });
    expect(await screen.findByText('Nothing recorded yet')).toBeTruthy();
  });

  it("shows a user's own history on their page, asked by targetId", async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users/:id': () => ok(backofficeUser()),
      'GET /backoffice/audit-log': () => ok({ items: [entry(1)], total: 1 }),
    });
    renderApp(`/users/${backofficeUser()._id}`, { token: 't' });
    expect(await screen.findByText('User changed')).toBeTruthy();
    expect(api.callsTo('GET', '/backoffice/audit-log')[0]?.query.get('targetId')).toBe(backofficeUser()._id);
  });
});
