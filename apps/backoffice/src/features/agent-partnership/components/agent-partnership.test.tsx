import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentRates, AgentStatement, BetLimits } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { backofficeUser, fail, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';

const ME = profile()._id;
const AGENT = backofficeUser({ _id: '00000000-0000-4000-8000-00000000000a', name: 'Agent Arjun', role: 3 });
const base = {
  ...shellReads({ role: 1 }),
  'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
  'GET /sports': () =>
    ok([{ _id: 'sport-1', name: 'Cricket', slugName: 'cricket', leagues: [], eventCount: 0, liveCount: 0 }]),
  'GET /backoffice/blockable-events': () => ok([]),
};

function statement(overrides: Partial<AgentStatement> = {}): AgentStatement {
  return {
    agentId: AGENT._id,
    agentName: 'Agent Arjun',
    role: 3,
    uplineId: ME,
    weekStart: '2026-11-09',
    weekEnd: '2026-11-15',
    sportsPnl: 1000,
    casinoPnl: 250.5,
    downlinePnl: 1250.5,
    downlineShare: 0,
    agentShare: 1000.4,
    uplineShare: 250.1,
    commission: 12.25,
    partnership: 80,
    commissionRate: 1.5,
    sessionTurnover: 684.84,
    sessionCommissionRate: 2,
    sessionCommission: 13.69,
    settled: null,
    ...overrides,
  };
}

describe('agent statements page', () => {
  it('shows the week per agent and lets the upline mark an ended week settled', async () => {
    let settled = false;
    const api = stubApi({
      ...base,
      'GET /backoffice/agent-statements': () =>
        ok({
          weekStart: '2026-11-09',
          weekEnd: '2026-11-15',
          items: [statement(settled ? { settled: { at: '2026-11-16T05:00:00.000Z', by: ME } } : {})],
        }),
      'POST /backoffice/users/:id/agent-statement/settle': () => {
        settled = true;
        return ok(statement({ settled: { at: '2026-11-16T05:00:00.000Z', by: ME } }), 'Statement marked settled');
      },
    });
    renderApp('/agent-statements', { token: 'tok' });
    const table = await screen.findByRole('table', { name: 'Agent statements' });
    expect(within(table).getByText('₹1,250.50')).toBeTruthy();
    expect(within(table).getByText('₹250.10')).toBeTruthy();
    // Session commission: the amount, and the rate on the week's fancy and bookmaker turnover (decision 0066).
    expect(within(table).getByText('₹13.69')).toBeTruthy();
    expect(within(table).getByText('2 % of ₹684.84')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Mark Agent Arjun settled' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark settled' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/users/${AGENT._id}/agent-statement/settle`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/backoffice/users/${AGENT._id}/agent-statement/settle`)[0]?.body).toEqual({
      weekStart: '2026-11-09',
    });
    expect(await within(table).findByText(/^Settled \d/)).toBeTruthy();
  });
});

describe("partnership and limits on an agent's page", () => {
  it("saves partnership within the upline's and shows the server's refusal", async () => {
    let rates: AgentRates = {
      userId: AGENT._id,
      partnership: 50,
      commission: 1,
      sessionCommission: 1,
      uplinePartnership: 100,
      uplineCommission: 2,
      uplineSessionCommission: 3,
      setBy: ME,
      updatedAt: null,
      inForce: { partnership: 50, commission: 1, sessionCommission: 1 },
      effectiveFrom: null,
    };
    const limits: BetLimits = {
      ownerId: AGENT._id,
      limits: [],
      blockedSports: [],
      blockedEvents: [],
      inherited: { limits: [], blockedSports: [], blockedEvents: [] },
    };
    const api = stubApi({
      ...base,
      'GET /backoffice/users/:id': () => ok(AGENT),
      'GET /backoffice/users/:id/adjustments': () => ok([]),
      'GET /backoffice/users/:id/ledger': () => ok({ openingBalance: 0, closingBalance: 0, lines: [] }),
      'GET /backoffice/users/:id/bonuses': () => ok([]),
      'GET /backoffice/users/:id/partnership': () => ok(rates),
      'PUT /backoffice/users/:id/partnership': (call) => {
        const body = call.body as { partnership: number };
        return body.partnership > 100
          ? fail(422, "A partnership or commission cannot be above the upline's own", 'AGENT_RATE_ABOVE_UPLINE')
          : ok((rates = { ...rates, ...body, effectiveFrom: '2026-11-30' }), 'Partnership saved');
      },
      'GET /backoffice/users/:id/bet-limits': () => ok(limits),
      'PUT /backoffice/users/:id/bet-limits': (call) =>
        ok(
          {
            ...limits,
            blockedSports: (call.body as { blockedSports: string[] }).blockedSports.map((id) => ({
              id,
              name: 'Cricket',
            })),
          },
          'Limits saved',
        ),
    });
    renderApp(`/users/${AGENT._id}`, { token: 'tok' });
    const form = await screen.findByRole('form', { name: 'Partnership and commission' });
    const partnership = within(form).getByLabelText('Partnership (%)');
    await userEvent.clear(partnership);
    await userEvent.type(partnership, '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save partnership' }));
    expect(await within(form).findByText("A partnership or commission cannot be above the upline's own")).toBeTruthy();
    await userEvent.clear(partnership);
    await userEvent.type(partnership, '75.5');
    const session = within(form).getByLabelText('Session commission rate (%)');
    expect(within(form).getByText('On fancy and bookmaker turnover, at most 3 %')).toBeTruthy();
    await userEvent.clear(session);
    await userEvent.type(session, '1.25');
    await userEvent.click(within(form).getByRole('button', { name: 'Save partnership' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/users/${AGENT._id}/partnership`).at(-1)?.body).toEqual({
        partnership: 75.5,
        commission: 1,
        sessionCommission: 1.25,
      }),
    );
    // It takes effect next India week; this week keeps 50 %.
    expect((await screen.findByTestId('rates-pending')).textContent).toMatch(
      /In force this week: 50 % and 1 %.*from the week starting 2026-11-30/,
    );

    const limitsForm = screen.getByRole('form', { name: 'Bet limits and blocks' });
    await userEvent.click(await within(limitsForm).findByRole('checkbox', { name: 'Cricket' }));
    await userEvent.click(within(limitsForm).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/users/${AGENT._id}/bet-limits`).at(-1)?.body).toEqual({
        limits: [],
        blockedSports: ['sport-1'],
        blockedEvents: [],
      }),
    );
  });

  it('an agent blocks an event for its whole downline, from the events it may read (issue 24)', async () => {
    const limits: BetLimits = {
      ownerId: ME,
      limits: [],
      blockedSports: [],
      blockedEvents: [{ id: 'event-old', name: 'Old v Gone' }],
      inherited: { limits: [], blockedSports: [], blockedEvents: [] },
    };
    const api = stubApi({
      ...base,
      'GET /getUserData': () => ok(profile({ role: 3, name: 'Agent Arjun' })),
      'GET /backoffice/blockable-events': () =>
        ok([
          {
            _id: 'event-1',
            name: 'Lions v Tigers',
            sport: { _id: 'sport-1', name: 'Cricket' },
            league: { _id: 'league-1', name: 'Premier' },
            startTime: '2026-11-29T14:00:00.000Z',
            inPlay: true,
          },
        ]),
      'GET /backoffice/downline/bet-limits': () => ok(limits),
      'PUT /backoffice/downline/bet-limits': (call) => ok({ ...limits, ...(call.body as object) }, 'Limits saved'),
    });
    renderApp('/downline-limits', { token: 'tok' });
    const form = await screen.findByRole('form', { name: 'Bet limits and blocks' });
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'Cricket / Lions v Tigers (in play)' }));
    // An event blocked earlier that no longer shows can still be unblocked.
    const old = within(form).getByRole('checkbox', { name: 'Old v Gone' }) as HTMLInputElement;
    expect(old.checked).toBe(true);
    await userEvent.click(old);
    await userEvent.click(within(form).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/downline/bet-limits').at(-1)?.body).toEqual({
        limits: [],
        blockedSports: [],
        blockedEvents: ['event-1'],
      }),
    );
    expect(api.callsTo('GET', '/backoffice/events')).toHaveLength(0);
  });
});
