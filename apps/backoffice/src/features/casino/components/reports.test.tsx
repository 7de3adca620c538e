import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { HttpFailure, ok } from '../../../testing/fake-api';
import type { Reconciliation } from '../api/keys';
import { indiaToday } from '@khel/money';
import { MATCHED, ROUND, TRANSACTIONS, stubCasino } from '../testing/fixtures';

describe('casino rounds and transactions', () => {
  it("shows the house provider's rounds and wallet transactions of today, then another provider and date from the URL filters", async () => {
    const api = stubCasino({
      'GET /backoffice/casino/rounds': (call) => ok(call.query.get('provider') === 'khel-house' ? [ROUND] : []),
      'GET /backoffice/casino/transactions': (call) =>
        ok(call.query.get('provider') === 'khel-house' ? TRANSACTIONS : []),
    });
    const { router } = renderApp('/casino?view=rounds', { token: 't' });
    const user = userEvent.setup();
    const rounds = await screen.findByRole('table', { name: 'Rounds' });
    expect(api.callsTo('GET', '/backoffice/casino/rounds')[0]?.query.get('date')).toBe(indiaToday());
    const row = within(rounds).getAllByRole('row')[1]!;
    expect(within(row).getByText('spin-d267bc01')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'demoplayer' }).getAttribute('href')).toBe(`/users/${ROUND.userId}`);
    expect(within(row).getByText('₹1,000.00')).toBeTruthy();
    expect(within(row).getByText('₹2,500.50')).toBeTruthy();
    expect(within(row).getByText('+₹1,500.50')).toBeTruthy();
    expect(within(row).getByText('Settled')).toBeTruthy();
    expect(within(row).getByText('Main')).toBeTruthy();
    expect(screen.getByText(/Stakes and payouts are play chips/)).toBeTruthy();

    const transactions = screen.getByRole('table', { name: 'Wallet transactions' });
    const [credit, debit, tombstone] = within(transactions).getAllByRole('row').slice(1);
    expect(within(credit!).getByText('Credit')).toBeTruthy();
    expect(within(credit!).getByText('OK · journal #3')).toBeTruthy();
    expect(within(debit!).getByText('Debit')).toBeTruthy();
    expect(within(debit!).getByText('-₹1,000.00')).toBeTruthy();
    expect(within(tombstone!).getByText('Tombstone')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Provider'), 'ezugi');
    expect(await screen.findByText('No rounds on this day')).toBeTruthy();
    expect(screen.getByText('No wallet transactions on this day')).toBeTruthy();
    expect(router.state.location.search).toContain('provider=ezugi');

    // A date picker sets the whole value at once.
    fireEvent.change(screen.getByLabelText('Date (India time)'), { target: { value: '2026-01-15' } });
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) =>
            call.path === '/backoffice/casino/rounds' &&
            call.query.get('date') === '2026-01-15' &&
            call.query.get('provider') === 'ezugi',
        ),
      ).toBe(true),
    );
    expect(router.state.location.search).toContain('date=2026-01-15');
  });
});

describe('casino reconciliation', () => {
  it('says clearly when everything is matched', async () => {
    stubCasino({ 'GET /backoffice/casino/reconciliation/:code': () => ok(MATCHED) });
    renderApp('/casino?view=reconciliation', { token: 't' });
    const matched = await screen.findByText('All matched.');
    expect(matched.closest('.casino-matched')?.getAttribute('role')).toBe('status');
    expect(screen.getByText(/Every wallet transaction of Khel Originals has its journal line/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Unmatched items' })).toBeNull();
    expect(within(screen.getByLabelText('Totals')).getAllByText('-₹1,500.50')).toHaveLength(2);
  });

  it('lists every unmatched item with what it means, amounts in rupees', async () => {
    const problems: Reconciliation = {
      ...MATCHED,
      journalNet: -1490.5,
      problems: [
        {
          kind: 'TOTALS_MISMATCH',
          transactionId: null,
          roundId: null,
          detail: 'wallet transactions net -150050 paise, journal -149050 paise',
        },
        {
          kind: 'MISSING_JOURNAL',
          transactionId: 'spin-77',
          roundId: 'spin-77',
          detail: 'debit of 1000 paise has no journal line',
        },
        {
          kind: 'ROUND_OPEN',
          transactionId: null,
          roundId: 'dragon-tiger:12',
          detail: 'open since 2026-11-21T10:00:00Z with 50000 paise staked',
        },
        {
          kind: 'ROLLBACK_OF_UNKNOWN_DEBIT',
          transactionId: 'bet-9',
          roundId: 'dragon-tiger:13',
          detail: 'a rollback arrived before (or without) its debit; the debit will be refused',
        },
      ],
    };
    stubCasino({ 'GET /backoffice/casino/reconciliation/:code': () => ok(problems) });
    renderApp('/casino?view=reconciliation', { token: 't' });
    const list = await screen.findByRole('list', { name: 'Unmatched items' });
    expect(screen.queryByText('All matched.')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('4 unmatched items');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('heading', { name: 'Totals differ' })).toBeTruthy();
    expect(
      within(items[1]!).getByRole('heading', { name: 'Wallet transaction without its journal line' }),
    ).toBeTruthy();
    expect(within(items[1]!).getByText('debit of ₹10.00 has no journal line')).toBeTruthy();
    expect(within(items[1]!).getByText('Books disagree')).toBeTruthy();
    expect(within(items[2]!).getByText(/Ask the provider to close the round/)).toBeTruthy();
    expect(within(items[2]!).getByText('To check')).toBeTruthy();
    expect(within(items[3]!).getByText('bet-9')).toBeTruthy();
  });

  it('shows a failure and checks again on request', async () => {
    let failing = true;
    const api = stubCasino({
      'GET /backoffice/casino/reconciliation/:code': () =>
        failing ? new HttpFailure(500, 'Something went wrong on the server, please try again') : ok(MATCHED),
    });
    renderApp('/casino?view=reconciliation&provider=ezugi', { token: 't' });
    const user = userEvent.setup();
    expect(
      await screen.findByText('Something went wrong on the server, please try again', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/backoffice/casino/reconciliation/ezugi')).toBe(true);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('All matched.')).toBeTruthy();
  });
});
