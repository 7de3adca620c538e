import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS, makeProfile } from '../testing/fixtures';
import { ok, stubFetch } from '../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../testing/render-app';

const settings = (help: { helpWhatsapp: string | null; helpPhone: string | null }) => ok({ ...SETTINGS, ...help });
const ROUTES = { 'GET /advertisement': ok([]), 'GET /getUserData': ok(makeProfile()) };

describe('the help entry from the operator’s branding (issue 31)', () => {
  it('links WhatsApp (wa.me) and a call (tel:) under the login form', async () => {
    setViewport(false);
    stubFetch({
      ...ROUTES,
      'GET /app-settings': settings({ helpWhatsapp: '919876543210', helpPhone: '918012345678' }),
    });
    renderApp('/login');
    const help = await screen.findByTestId('help-contact');
    expect(within(help).getByTestId('help-whatsapp').getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(within(help).getByTestId('help-phone').getAttribute('href')).toBe('tel:+918012345678');
    expect(within(help).getByTestId('help-phone').textContent).toBe('Call for help +918012345678');
  });

  it('shows a Help row in the account drawer, only the numbers that are set', async () => {
    setViewport(false);
    signIn(makeProfile());
    stubFetch({ ...ROUTES, 'GET /app-settings': settings({ helpWhatsapp: null, helpPhone: '918012345678' }) });
    renderApp('/');
    await userEvent.click(await screen.findByTestId('profile-menu-button'));
    const menu = await screen.findByTestId('profile-menu');
    const help = await within(menu).findByTestId('help-contact');
    expect(help.tagName).toBe('LI');
    expect(within(help).queryByTestId('help-whatsapp')).toBeNull();
    expect(within(help).getByTestId('help-phone').getAttribute('href')).toBe('tel:+918012345678');
  });

  it('shows nothing when the operator has set neither number', async () => {
    setViewport(false);
    signIn(makeProfile());
    stubFetch({ ...ROUTES, 'GET /app-settings': settings({ helpWhatsapp: null, helpPhone: null }) });
    renderApp('/');
    await userEvent.click(await screen.findByTestId('profile-menu-button'));
    const menu = await screen.findByTestId('profile-menu');
    // The settings have arrived (the header shows their site name), so the absence below is real.
    expect(await screen.findByLabelText('Khel Test home')).toBeTruthy();
    expect(await within(menu).findByText('Logout')).toBeTruthy();
    expect(screen.queryByTestId('help-contact')).toBeNull();
  });
});
