import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketTypeRule, MarketTypeRules } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { backofficeUser, fail, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';

const SUB = backofficeUser({ _id: '00000000-0000-4000-8000-00000000000b', name: 'Sub Agent', role: 3 });
const line = (marketType: MarketTypeRule['marketType'], fields: Partial<MarketTypeRule> = {}): MarketTypeRule => ({
  marketType,
  locked: false,
  minStake: null,
  maxStake: null,
  maxProfit: null,
  ...fields,
});
const base = {
  ...shellReads({ role: 3 }),
  'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
  'GET /sports': () => ok([]),
  'GET /backoffice/blockable-events': () => ok([]),
};

describe('market locks and limits per market type (decision 0064)', () => {
  it('the limits panel saves the caller’s lines and shows what binds from above', async () => {
    let rules: MarketTypeRules = {
      ownerId: SUB._id,
      rules: [line('EXCHANGE'), line('BOOKMAKER'), line('FANCY')],
      inherited: [line('EXCHANGE', { maxStake: 5000 }), line('BOOKMAKER'), line('FANCY')],
    };
    const api = stubApi({
      ...base,
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users/:id': () => ok(SUB),
      'GET /backoffice/users/:id/adjustments': () => ok([]),
      'GET /backoffice/users/:id/ledger': () => ok({ openingBalance: 0, closingBalance: 0, lines: [] }),
      'GET /backoffice/users/:id/bonuses': () => ok([]),
      'GET /backoffice/users/:id/partnership': () =>
        ok({
          userId: SUB._id,
          partnership: 50,
          commission: 1,
          uplinePartnership: 100,
          uplineCommission: 2,
          setBy: null,
          updatedAt: null,
          inForce: { partnership: 50, commission: 1 },
          effectiveFrom: null,
        }),
      'GET /backoffice/users/:id/bet-limits': () =>
        ok({
          ownerId: SUB._id,
          limits: [],
          blockedSports: [],
          blockedEvents: [],
          inherited: { limits: [], blockedSports: [], blockedEvents: [] },
        }),
      'GET /backoffice/users/:id/market-type-rules': () => ok(rules),
      'PUT /backoffice/users/:id/market-type-rules': (call) => {
        rules = { ...rules, rules: (call.body as { rules: MarketTypeRule[] }).rules };
        return ok(rules, 'Market locks saved');
      },
    });
    renderApp(`/users/${SUB._id}`, { token: 'tok' });
    const form = await screen.findByRole('form', { name: 'Market locks and limits' });
    expect(screen.getByText('Match odds: max ₹5,000')).toBeTruthy();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Lock Fancy' }));
    const bookmaker = within(form).getByRole('group', { name: 'Bookmaker' });
    await userEvent.type(within(bookmaker).getByLabelText('Min stake (₹)'), '200');
    await userEvent.click(within(form).getByRole('button', { name: 'Save market locks' }));
    await waitFor(() => expect(api.callsTo('PUT', `/backoffice/users/${SUB._id}/market-type-rules`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/backoffice/users/${SUB._id}/market-type-rules`)[0]?.body).toEqual({
      rules: [line('EXCHANGE'), line('BOOKMAKER', { minStake: 200 }), line('FANCY', { locked: true })],
    });
  });

  it('the client list toggles a lock the caller holds and shows one held above as locked', async () => {
    let locks = [{ userId: SUB._id, marketType: 'BOOKMAKER', lockedBy: 'above' }];
    const api = stubApi({
      ...base,
      'GET /backoffice/users': () => ok({ items: [SUB], total: 1, page: 1, pageSize: 25 }),
      'GET /backoffice/users/:id/tree-path': () => ok({ path: [] }),
      'GET /backoffice/users/:id/money': () => fail(404, 'Not found', 'NOT_FOUND'),
      'GET /backoffice/market-locks': () => ok({ locks }),
      'GET /backoffice/users/:id/market-type-rules': () =>
        ok({ ownerId: SUB._id, rules: [line('EXCHANGE'), line('BOOKMAKER'), line('FANCY')], inherited: [] }),
      'PUT /backoffice/users/:id/market-type-rules': (call) => {
        locks = [...locks, { userId: SUB._id, marketType: 'FANCY', lockedBy: 'you' }];
        return ok(
          { ownerId: SUB._id, rules: (call.body as { rules: MarketTypeRule[] }).rules, inherited: [] },
          'Market locks saved',
        );
      },
    });
    renderApp('/downline', { token: 'tok' });
    const toggles = await screen.findByRole('group', { name: 'Market locks of Sub Agent' });
    const above = await within(toggles).findByRole('button', { name: 'Bookmaker locked above for Sub Agent' });
    expect((above as HTMLButtonElement).disabled).toBe(true);
    const fancy = within(toggles).getByRole('button', { name: 'Lock Fancy for Sub Agent' });
    expect(fancy.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(fancy);
    await waitFor(() => expect(api.callsTo('PUT', `/backoffice/users/${SUB._id}/market-type-rules`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/backoffice/users/${SUB._id}/market-type-rules`)[0]?.body).toEqual({
      rules: [line('EXCHANGE'), line('BOOKMAKER'), line('FANCY', { locked: true })],
    });
    await waitFor(() => expect(fancy.getAttribute('aria-pressed')).toBe('true'));
  });
});
