import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Banner } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, ok, profile, stubApi } from '../../../testing/fake-api';

const BANNERS: Banner[] = [
  { _id: 'b1', baseImage: '/api/v1/media/1', order: 0 },
  { _id: 'b2', baseImage: '/api/v1/media/2', order: 1 },
];

function stubBanners(role: number) {
  let list = [...BANNERS];
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ role })),
    'GET /backoffice/banners': () => ok(list),
    'PUT /backoffice/banners/order': (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      list = ids.map((id, order) => ({ ...(list.find((banner) => banner._id === id) as Banner), order }));
      return ok(list, 'Banners reordered');
    },
    'DELETE /backoffice/banners/:id': (call) => {
      list = list.filter((banner) => banner._id !== call.path.split('/').pop());
      return ok(null, 'Banner removed');
    },
  });
}

describe('banners page', () => {
  it('shows a support admin the banners without the controls', async () => {
    stubBanners(2);
    renderApp('/banners', { token: 't' });
    expect(await screen.findByRole('img', { name: 'Banner 1' })).toBeTruthy();
    expect(screen.getByText('Only a director can add, reorder or remove banners.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add a banner' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete banner/ })).toBeNull();
  });

  it('deletes only after confirmation', async () => {
    const api = stubBanners(1);
    renderApp('/banners', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete banner 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this banner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/backoffice/banners/b2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete banner 2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/backoffice/banners/b2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Banner 2' })).toBeNull());
    expect(await screen.findByText('Banner removed')).toBeTruthy();
  });

  it('moves a banner up with one PUT of the whole order', async () => {
    const api = stubBanners(1);
    renderApp('/banners', { token: 't' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Move banner 2 up' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(api.callsTo('PUT', '/backoffice/banners/order')[0]?.body).toEqual({ ids: ['b2', 'b1'] });
    expect(await screen.findByText('Banner order saved')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Banner 1' }).getAttribute('src')).toBe('/api/v1/media/2'),
    );
  });
});
