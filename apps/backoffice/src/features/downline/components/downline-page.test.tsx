import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

const AGENT_ID = '00000000-0000-4000-8000-000000000010';
const SUB_ID = '00000000-0000-4000-8000-000000000011';

function stubAgent() {
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Demo Agent', role: 3 })),
    'GET /backoffice/users/:id/tree-path': (call) =>
      ok({
        path: call.path.includes(SUB_ID)
          ? [
              { _id: AGENT_ID, name: 'Demo Agent', username: 'agent', role: 3 },
              { _id: SUB_ID, name: 'Sub Agent', username: 'sub', role: 3 },
            ]
          : [{ _id: AGENT_ID, name: 'Demo Agent', username: 'agent', role: 3 }],
      }),
    'GET /backoffice/users': (call) =>
      ok(
        call.query.get('uplineId') === SUB_ID
          ? {
              items: [
                backofficeUser({ _id: '00000000-0000-4000-8000-000000000012', name: 'Deep Player', uplineId: SUB_ID }),
              ],
              total: 1,
            }
          : {
              items: [
                backofficeUser({ uplineId: AGENT_ID }),
                backofficeUser({ _id: SUB_ID, name: 'Sub Agent', role: 3, uplineId: AGENT_ID }),
              ],
              total: 2,
            },
      ),
    'POST /backoffice/downline': (call) =>
      ok(backofficeUser({ name: (call.body as { name: string }).name }), 'Account created'),
  });
}

describe('downline page (an agent)', () => {
  it('opens on the agent’s own downline with only the agent’s menu, and drills down with a breadcrumb', async () => {
    stubAgent();
    renderApp('/', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Downline of Demo Agent' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(menu).queryByText('Sports')).toBeNull();
    expect(within(menu).getByText('Downline')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Open the downline of Sub Agent' }));
    expect(await screen.findByText('Deep Player')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Demo Agent' })).toBeTruthy();
  });

  it('creates an account with the roles the tree allows under an agent', async () => {
    const api = stubAgent();
    renderApp('/downline', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    const dialog = screen.getByRole('dialog');
    const options = within(within(dialog).getByLabelText('Role'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Player', 'Agent']);
    await user.type(within(dialog).getByLabelText('Name'), 'New Player');
    await user.type(within(dialog).getByLabelText('Mobile number'), '9876543210');
    await user.type(within(dialog).getByLabelText('Password'), 'fresh-monsoon-42');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/downline')).toHaveLength(1));
    expect(api.callsTo('POST', '/backoffice/downline')[0]?.body).toMatchObject({
      role: 4,
      name: 'New Player',
      mobile_no: '919876543210',
      uplineId: AGENT_ID,
    });
  });
});
