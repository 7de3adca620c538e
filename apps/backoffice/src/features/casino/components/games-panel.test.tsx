import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { fail, ok } from '../../../testing/fake-api';
import type { DeskGame } from '../api/keys';
import { GAMES, stubCasino } from '../testing/fixtures';

/** The catalogue as a tiny server: PUT changes the stored game and answers it. */
function stubCatalogue() {
  let games = GAMES.map((item) => ({ ...item }));
  const api = stubCasino({
    'GET /backoffice/casino/games': () => ok(games),
    'PUT /backoffice/casino/games/:id': (call) => {
      const id = call.path.split('/').pop();
      const body = call.body as {
        enabled?: boolean;
        order?: number;
        category?: string;
        title?: string;
        image?: string;
      };
      games = games.map((item) =>
        item._id === id
          ? {
              ...item,
              ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
              ...(body.order === undefined ? {} : { order: body.order }),
              ...(body.category === undefined ? {} : { game_category: body.category }),
              ...(body.title === undefined ? {} : { title: body.title }),
              ...(body.image === undefined ? {} : { game_images: body.image }),
            }
          : item,
      );
      return ok(
        games.find((item) => item._id === id),
        'Game saved',
      );
    },
    'POST /backoffice/casino/games': (call) => {
      const body = call.body as { code: string; title: string };
      if (body.code === 'dragon-tiger') return fail(409, 'This provider already has a game with this code', 'CONFLICT');
      const created: DeskGame = { ...GAMES[1]!, _id: '9', game_code: body.code, title: body.title, order: 40 };
      games = [...games, created];
      return ok(created, 'Game added');
    },
  });
  return api;
}

describe('casino games', () => {
  it('lists the catalogue in lobby order with thumbnails and switches a game off and on', async () => {
    const api = stubCatalogue();
    renderApp('/casino', { token: 't' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Casino games' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Royal Bengal', 'Dragon Tiger', 'Andar Bahar']);
    expect(within(rows[0]!).getByRole('img', { name: 'Royal Bengal' }).getAttribute('src')).toBe(
      '/house-casino/thumbs/royal-bengal.svg',
    );

    const dragon = screen.getByRole('row', { name: 'Dragon Tiger' });
    const lobbySwitch = within(dragon).getByRole('switch', { name: 'In lobby: Dragon Tiger' });
    expect((lobbySwitch as HTMLInputElement).checked).toBe(true);
    await user.click(lobbySwitch);
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/casino/games/2')[0]?.body).toEqual({ enabled: false }));
    expect(await screen.findByText('Dragon Tiger is hidden from players')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(screen.getByRole('row', { name: 'Dragon Tiger' })).getByRole('switch') as HTMLInputElement).checked,
      ).toBe(false),
    );

    await user.click(within(screen.getByRole('row', { name: 'Dragon Tiger' })).getByRole('switch'));
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/casino/games/2')[1]?.body).toEqual({ enabled: true }));
    expect(await screen.findByText('Dragon Tiger is back in the lobby')).toBeTruthy();
  });

  it('moves a game up by swapping order values, then shows the new order', async () => {
    const api = stubCatalogue();
    renderApp('/casino', { token: 't' });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Casino games' });
    expect((screen.getByRole('button', { name: 'Move Royal Bengal up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Andar Bahar up' }));
    await waitFor(() => expect(api.callsTo('PUT', '/backoffice/casino/games/3')[0]?.body).toEqual({ order: 20 }));
    expect(api.callsTo('PUT', '/backoffice/casino/games/2')[0]?.body).toEqual({ order: 30 });
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Casino games' }))
        .getAllByRole('row')
        .slice(1);
      expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
        'Royal Bengal',
        'Andar Bahar',
        'Dragon Tiger',
      ]);
    });
  });

  it('edits category and image in a dialog and sends only what changed', async () => {
    const api = stubCatalogue();
    renderApp('/casino', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Andar Bahar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Andar Bahar' });
    await user.clear(within(dialog).getByLabelText('Category'));
    await user.type(within(dialog).getByLabelText('Category'), 'Indian Games');
    await user.clear(within(dialog).getByLabelText('Image URL'));
    await user.type(within(dialog).getByLabelText('Image URL'), 'https://cdn.example.com/ab.png');
    expect(within(dialog).getByRole('img', { name: 'Andar Bahar' }).getAttribute('src')).toBe(
      'https://cdn.example.com/ab.png',
    );
    await user.clear(within(dialog).getByLabelText('Order'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Order').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Enter a number')).toBeTruthy();
    expect(api.callsTo('PUT', '/backoffice/casino/games/3')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Order'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/casino/games/3')[0]?.body).toEqual({
        category: 'Indian Games',
        image: 'https://cdn.example.com/ab.png',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('row', { name: 'Andar Bahar' })).getByText('Indian Games')).toBeTruthy();
  });

  it('adds a game for a configured provider, checking the code first and showing a refusal', async () => {
    const api = stubCatalogue();
    renderApp('/casino', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a game' });
    expect((within(dialog).getByLabelText('Provider') as HTMLSelectElement).value).toBe('ezugi');
    await user.type(within(dialog).getByLabelText('Game code'), 'x');
    await user.type(within(dialog).getByLabelText('Title'), 'Lightning Roulette');
    await user.type(within(dialog).getByLabelText('Category'), 'Roulette');
    await user.click(within(dialog).getByRole('button', { name: 'Add game' }));
    expect(within(dialog).getByLabelText('Game code').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/backoffice/casino/games')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Game code'));
    await user.type(within(dialog).getByLabelText('Game code'), 'dragon-tiger');
    await user.click(within(dialog).getByRole('button', { name: 'Add game' }));
    expect(await screen.findByText('This provider already has a game with this code')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Game code'));
    await user.type(within(dialog).getByLabelText('Game code'), 'Lightning-Roulette');
    await user.click(within(dialog).getByRole('button', { name: 'Add game' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/casino/games')).toHaveLength(2));
    expect(api.callsTo('POST', '/backoffice/casino/games')[1]?.body).toEqual({
      providerCode: 'ezugi',
      code: 'lightning-roulette',
      title: 'Lightning Roulette',
      category: 'Roulette',
      image: '',
      isSlot: false,
      launchKind: 'play',
      order: 40,
      enabled: true,
    });
    expect(await screen.findByRole('row', { name: 'Lightning Roulette' })).toBeTruthy();
  });

  it('says so when the catalogue cannot be loaded, and tries again', async () => {
    let failing = true;
    stubCasino({
      'GET /backoffice/casino/games': () =>
        failing ? fail(403, 'You do not have permission for this action', 'FORBIDDEN') : ok(GAMES),
    });
    renderApp('/casino', { token: 't' });
    const user = userEvent.setup();
    expect(await screen.findByText('You do not have permission for this action')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Casino games' })).toBeTruthy();
  });
});
