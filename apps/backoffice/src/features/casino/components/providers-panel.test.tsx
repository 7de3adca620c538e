import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { ok } from '../../../testing/fake-api';
import type { DeskProvider } from '../api/keys';
import { EXTERNAL, HOUSE, stubCasino } from '../testing/fixtures';

const NEW_SECRET = 'f3c2a1b0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2';

function stubProviders() {
  let providers: DeskProvider[] = [HOUSE, EXTERNAL];
  return stubCasino({
    'GET /backoffice/casino/providers': () => ok(providers),
    'PUT /backoffice/casino/providers/:code': (call) => {
      const code = call.path.split('/').pop();
      const body = call.body as { active?: boolean; rotateSecret?: boolean; name?: string; netPayoutLimit?: number };
      providers = providers.map((item) =>
        item.code === code
          ? {
              ...item,
              ...(body.active === undefined ? {} : { active: body.active }),
              ...(body.name === undefined ? {} : { name: body.name }),
              ...(body.netPayoutLimit === undefined ? {} : { netPayoutLimit: body.netPayoutLimit }),
              ...(body.rotateSecret === true ? { secretHint: `…${NEW_SECRET.slice(-4)}` } : {}),
            }
          : item,
      );
      return ok(
        {
          provider: providers.find((item) => item.code === code),
          secret: body.rotateSecret === true ? NEW_SECRET : null,
        },
        'Provider saved',
      );
    },
    'POST /backoffice/casino/providers': (call) => {
      const body = call.body as { code: string; name: string; launchUrlTemplate: string; active: boolean };
      const created: DeskProvider = { ...EXTERNAL, _id: '3', ...body, secretHint: `…${NEW_SECRET.slice(-4)}` };
      providers = [...providers, created];
      return ok({ provider: created, secret: NEW_SECRET }, 'Provider added');
    },
  });
}

describe('casino providers', () => {
  it('rotates a secret after a warning and reveals the new one exactly once, with a copy button', async () => {
    const api = stubProviders();
    const { queryClient } = renderApp('/casino?view=providers', { token: 't' });
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Ezugi' });
    expect(within(card).getByText('ab12')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Rotate the secret of Ezugi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret of Ezugi?' });
    expect(within(confirm).getByText(/stops working/)).toBeTruthy();
    // Cancel is focused first: a destructive action is never one Enter away.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/casino/providers/ezugi')[0]?.body).toEqual({ rotateSecret: true }),
    );

    const reveal = await screen.findByRole('dialog', { name: 'Signing secret of Ezugi' });
    expect(within(reveal).getByText(NEW_SECRET)).toBeTruthy();
    expect(within(reveal).getByText('Shown only this once.')).toBeTruthy();
    expect(within(reveal).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    // Escape does not lose it by accident.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Signing secret of Ezugi' })).toBeTruthy();
    await user.click(within(reveal).getByRole('button', { name: 'I have stored it, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Gone for good: not on the page, not in any cached query or mutation; only the last 4 are shown.
    expect(screen.queryByText(NEW_SECRET)).toBeNull();
    expect(await within(screen.getByRole('listitem', { name: 'Ezugi' })).findByText('c3b2')).toBeTruthy();
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(NEW_SECRET);
    await waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((mutation) => mutation.state.data),
        ),
      ).not.toContain(NEW_SECRET),
    );
  });

  it('adds an external provider (launch URL checked for {token}) and reveals its secret once', async () => {
    const api = stubProviders();
    renderApp('/casino?view=providers', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a provider' });
    await user.type(within(dialog).getByLabelText('Code'), 'Evo-Live');
    await user.type(within(dialog).getByLabelText('Name'), 'Evo Live');
    await user.type(within(dialog).getByLabelText('Launch URL template'), 'https://evo.example/launch?game={{game}');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    expect(await within(dialog).findByText('The launch URL needs a {token} placeholder')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/casino/providers')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Launch URL template'), '&t={{token}');
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/backoffice/casino/providers')[0]?.body).toEqual({
        code: 'evo-live',
        name: 'Evo Live',
        launchUrlTemplate: 'https://evo.example/launch?game={game}&t={token}',
        netPayoutLimit: 10_000_000,
        active: true,
      }),
    );
    const reveal = await screen.findByRole('dialog', { name: 'Signing secret of Evo Live' });
    expect(within(reveal).getByText(NEW_SECRET)).toBeTruthy();
    await user.click(within(reveal).getByRole('button', { name: 'I have stored it, close' }));
    expect(await screen.findByRole('listitem', { name: 'Evo Live' })).toBeTruthy();
    expect(screen.queryByText(NEW_SECRET)).toBeNull();
  });

  it('asks before switching a provider off, and switches it on again at once', async () => {
    const api = stubProviders();
    renderApp('/casino?view=providers', { token: 't' });
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Ezugi' });
    await user.click(within(card).getByRole('switch', { name: 'Active: Ezugi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch off Ezugi?' });
    expect(api.callsTo('PUT', '/backoffice/casino/providers/ezugi')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/casino/providers/ezugi')[0]?.body).toEqual({ active: false }),
    );
    expect(await within(screen.getByRole('listitem', { name: 'Ezugi' })).findByText('Inactive')).toBeTruthy();
    await user.click(
      within(screen.getByRole('listitem', { name: 'Ezugi' })).getByRole('switch', { name: 'Active: Ezugi' }),
    );
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/casino/providers/ezugi')[1]?.body).toEqual({ active: true }),
    );
  });

  it('shows each provider’s net payout limit and changes it, refusing a limit of ₹0', async () => {
    const api = stubProviders();
    renderApp('/casino?view=providers', { token: 't' });
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Ezugi' });
    expect(within(card).getByText('Net payout limit')).toBeTruthy();
    expect(within(card).getByText(/paid out net: ₹12,000/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Edit Ezugi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ezugi' });
    const limit = within(dialog).getByLabelText('Net payout limit (₹)');
    expect((limit as HTMLInputElement).value).toBe('500000');
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The limit must be above ₹0')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/casino/providers/ezugi')).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '750000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/casino/providers/ezugi')[0]?.body).toEqual({ netPayoutLimit: 750_000 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
