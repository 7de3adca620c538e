import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentLanding } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

const AGENT_ID = '00000000-0000-4000-8000-000000000010';
const SUB_ID = '00000000-0000-4000-8000-000000000011';
const LANDING: AgentLanding = {
  kind: 'cash',
  own: 15_000,
  exposure: -1_000,
  today: { date: '2026-11-21', pnl: -110 },
  week: { from: '2026-11-16', to: '2026-11-22', pnl: 2_500 },
};

function stub(role: number) {
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Demo Agent', role })),
    'GET /backoffice/users/:id/tree-path': () =>
      ok({ path: [{ _id: AGENT_ID, name: 'Demo Agent', username: 'agent', role }] }),
    'GET /backoffice/users': () =>
      ok({ items: [backofficeUser({ _id: SUB_ID, name: 'Sub Agent', role: 3, uplineId: AGENT_ID })], total: 1 }),
    'GET /backoffice/users/:id/money': () => ok(null),
    'GET /backoffice/landing': () => ok(LANDING),
  });
}

describe('an agent’s landing figures (decision 0065)', () => {
  it('show its free chips, downline exposure and P&L today and this week above its own downline', async () => {
    stub(3);
    renderApp('/downline', { token: 't' });
    const figures = await screen.findByRole('region', { name: 'Your figures' });
    expect(await within(figures).findByText('₹15,000.00')).toBeTruthy();
    expect(within(figures).getByText('Free chips')).toBeTruthy();
    expect(within(figures).getByText('-₹1,000.00').className).toBe('negative');
    expect(within(figures).getByText('-₹110.00')).toBeTruthy();
    expect(within(figures).getByText('₹2,500.00')).toBeTruthy();
    // Not above a sub-agent's downline: they are the agent's own.
    await userEvent.click(screen.getByRole('link', { name: 'Open the downline of Sub Agent' }));
    expect(await screen.findByRole('heading', { name: /Downline/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your figures' })).toBeNull();
  });

  it('are not asked for by an operator', async () => {
    const api = stub(1);
    renderApp('/downline', { token: 't' });
    expect(await screen.findByRole('heading', { name: /Downline/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your figures' })).toBeNull();
    expect(api.calls.some((call) => call.path === '/backoffice/landing')).toBe(false);
  });
});
