import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBonusData } from '../../../testing/bonus-fixtures';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { ok, stubFetch, transport } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { desktopToasts } from '../../../lib/toast';
import { TickerStrip } from './announcement-ticker';

const item = (message: string) => ({ _id: message, message, endsAt: '2026-11-29T18:00:00.000Z' });

describe('announcement ticker', () => {
  it('shows the running lines in one strip, the loop’s copy hidden from screen readers', () => {
    render(<TickerStrip items={[item('IPL final tonight'), item('Deposits close at 11')]} />);
    const ticker = screen.getByRole('complementary', { name: 'Announcements' });
    const lines = ticker.querySelectorAll('.ticker__line');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toBe('IPL final tonight   •   Deposits close at 11');
    expect(lines[1]?.getAttribute('aria-hidden')).toBe('true');
  });

  it('draws nothing when nothing runs', () => {
    const { container } = render(<TickerStrip items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('announcement ticker in the shell', () => {
  it('runs the lines under the header for a signed-in player', async () => {
    const user = makeProfile();
    signIn(user);
    setViewport(false);
    stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /getUserData': ok(user),
      'GET /announcements': ok({ items: [item('IPL final tonight')] }),
      'GET /bonus-data': ok(makeBonusData()),
      'GET /account-details': ok([]),
      'GET /withdrawal-request': ok([]),
    });
    renderApp('/withdrawal');
    const ticker = await screen.findByTestId('announcement-ticker');
    expect(ticker.textContent).toContain('IPL final tonight');
  });

  it('stays empty and says nothing over the page when the lines cannot be read', async () => {
    const user = makeProfile();
    signIn(user);
    setViewport(false);
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /getUserData': ok(user),
      'GET /announcements': transport(503, 'Service Unavailable'),
      // The page's own reads answer, so any toast would be the ticker's.
      'GET /bonus-data': ok(makeBonusData()),
      'GET /account-details': ok([]),
      'GET /withdrawal-request': ok([]),
    });
    renderApp('/withdrawal');
    await waitFor(() => expect(callsTo('GET', '/announcements').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('announcement-ticker')).toBeNull();
    expect(desktopToasts.get()).toEqual([]);
  });
});
