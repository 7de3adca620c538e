import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, ok, profile, stubApi } from '../../../testing/fake-api';

function stubBranding(role: number) {
  let settings = { ...SETTINGS };
  return stubApi({
    'GET /app-settings': () => ok(settings),
    'GET /getUserData': () => ok(profile({ role })),
    'GET /backoffice/users': () => ok({ items: [], total: 0 }),
    'PUT /backoffice/branding': (call) => {
      settings = { ...settings, ...(call.body as object) };
      return ok(settings, 'Branding updated');
    },
  });
}

describe('branding page', () => {
  it('is not offered to a support admin', async () => {
    stubBranding(2);
    renderApp('/users', { token: 't' });
    expect(await screen.findByRole('link', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Branding' })).toBeNull();
  });

  it('refuses a malformed colour beside the field and sends nothing', async () => {
    const api = stubBranding(1);
    renderApp('/branding', { token: 't' });
    const user = userEvent.setup();
    const colour = await screen.findByLabelText('Brand colour');
    await user.clear(colour);
    await user.type(colour, '#12345');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText('Colour must look like #1a2b3c')).toBeTruthy();
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/backoffice/branding')).toHaveLength(0);
  });

  it('sends only the changed colour and repaints the brand at once', async () => {
    const api = stubBranding(1);
    renderApp('/branding', { token: 't' });
    const user = userEvent.setup();
    const colour = await screen.findByLabelText('Brand colour');
    await user.clear(colour);
    await user.type(colour, '#1E88E5');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/branding')).toHaveLength(1));
    expect(api.callsTo('PUT', '/backoffice/branding')[0]?.body).toEqual({ color: '#1e88e5' });
    expect(await screen.findByText('Branding updated')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#1e88e5'));
  });

  it('sets the help numbers as typed, refuses one without a country code, and removes one left empty', async () => {
    const api = stubBranding(1);
    renderApp('/branding', { token: 't' });
    const user = userEvent.setup();
    const whatsapp = await screen.findByLabelText('Help: WhatsApp number');
    await user.type(whatsapp, '12345');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText('Enter the number with its country code, e.g. +91 98765 43210')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/branding')).toHaveLength(0);
    await user.clear(whatsapp);
    await user.type(whatsapp, '+91 98765 43210');
    await user.type(screen.getByLabelText('Help: phone number'), '918012345678');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/branding')).toHaveLength(1));
    expect(api.callsTo('PUT', '/backoffice/branding')[0]?.body).toEqual({
      helpWhatsapp: '919876543210',
      helpPhone: '918012345678',
    });
    await user.clear(await screen.findByDisplayValue('918012345678'));
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/branding')).toHaveLength(2));
    expect(api.callsTo('PUT', '/backoffice/branding')[1]?.body).toEqual({ helpPhone: null });
  });
});
