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
    userAgent: null,
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
    expect(screen.getByRole('link', { name: 'Demo Player (919999900001)' }).getAttribute('href')).toBe(
      `/users/${backofficeUser()._id}`,
    );
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

  it('filters by who, what, target and India dates on the server, and names a refused sign-in with its browser', async () => {
    const refused: AuditEntry = {
      ...entry(2),
      actorId: null,
      actorName: null,
      action: 'operator.sign_in_failed',
      targetName: 'Anil Rao (919812345678)',
      details: { reason: 'wrong_password', identifier: '919812345678' },
      ip: '198.51.100.7',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    };
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/audit-log/actions': () =>
        ok({ actions: ['operator.sign_in', 'operator.sign_in_failed', 'user.update'] }),
      'GET /backoffice/audit-log': (call) =>
        call.query.get('action') === 'operator.sign_in_failed'
          ? ok({ items: [refused], total: 1 })
          : ok({ items: [entry(1)], total: 1 }),
    });
    const { router } = renderApp('/audit-log?page=2', { token: 't' });
    const user = userEvent.setup();
    expect(await screen.findByText('User changed')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('What'), 'Sign-in refused');
    expect(await screen.findByText('Unknown (refused)')).toBeTruthy();
    const row = screen.getByText('Sign-in refused', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Chrome on Android')).toBeTruthy();
    expect(within(row).getByText('wrong password')).toBeTruthy();
    expect(router.state.location.search).toBe('?action=operator.sign_in_failed');

    await user.type(screen.getByLabelText('Who'), 'anil');
    await user.type(screen.getByLabelText('Target'), '98123');
    await waitFor(() => expect(api.callsTo('GET', '/backoffice/audit-log').at(-1)?.query.get('target')).toBe('98123'));
    const fromField = screen.getByLabelText('From (India date)');
    await user.type(fromField, '2026-11-21');
    await user.type(screen.getByLabelText('To (India date)'), '2026-11-22');
    await waitFor(() => expect(api.callsTo('GET', '/backoffice/audit-log').at(-1)?.query.get('to')).toBe('2026-11-22'));
    const last = api.callsTo('GET', '/backoffice/audit-log').at(-1)?.query;
    expect(Object.fromEntries(last ?? [])).toEqual({
      page: '1',
      pageSize: '50',
      actor: 'anil',
      action: 'operator.sign_in_failed',
      target: '98123',
      from: '2026-11-21',
      to: '2026-11-22',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('Who').value).toBe('');
  });

  it('says when a start date is after the end date, without asking the server for it', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/audit-log/actions': () => ok({ actions: [] }),
      'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    });
    renderApp('/audit-log?from=2026-11-22&to=2026-11-21', { token: 't' });
    expect(await screen.findByText('The start date must be on or before the end date')).toBeTruthy();
    expect(await screen.findByText('No entries match these filters')).toBeTruthy();
    for (const call of api.callsTo('GET', '/backoffice/audit-log')) expect(call.query.get('from')).toBeNull();
  });
});
