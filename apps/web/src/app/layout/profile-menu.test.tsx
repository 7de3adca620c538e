import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS, makeProfile } from '../../testing/fixtures';
import { ok, stubFetch } from '../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../testing/render-app';

/**
 * The account menu's wallet switch and odds control load when it first opens (ADR 0024). Arriving after the
 * list, they pushed My Bets down under the pointer: a click aimed at it landed on the wallet switch, and
 * My Bets never opened (the desktop browser test timed out). The first open of this file is the one where
 * the parts are still loading, so this is the file's only test.
 */
describe('the account menu on its first open', () => {
  it('shows its items only together with the parts that load on opening: nothing moves under the pointer', async () => {
    setViewport(true);
    signIn(makeProfile());
    stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /advertisement': ok([]),
      'GET /getUserData': ok(makeProfile()),
    });
    renderApp('/');
    const button = await screen.findByTestId('profile-menu-button');

    // Every state the menu is shown in: My Bets is never there without the controls above it.
    const seen: string[] = [];
    const look = () => {
      const menu = screen.queryByTestId('profile-menu');
      if (menu === null) return;
      const myBets = within(menu).queryByRole('button', { name: 'My Bets' }) !== null;
      const wallet = within(menu).queryByText('Bonus Wallet') !== null;
      const odds = within(menu).queryByText('When bookmaker or fancy odds change') !== null;
      seen.push(`My Bets ${myBets ? 'shown' : 'not yet'}${myBets && !(wallet && odds) ? ', controls missing' : ''}`);
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
    act(() => button.click());
    look();
    const menu = await screen.findByTestId('profile-menu');
    await within(menu).findByRole('button', { name: 'My Bets' });
    await within(menu).findByText('When bookmaker or fancy odds change');
    look();
    observer.disconnect();

    expect(seen.filter((state) => state.includes('controls missing'))).toEqual([]);
    expect(seen.at(-1)).toBe('My Bets shown');
  });
});
