import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { bet, fancyMarket, market } from '../testing/fixtures';
import { BookBets, HouseExposure } from './market-book';
import { bookTotals } from './result-dialogs';

describe('market book parts', () => {
  it('reads each bet: partly matched, lapsed with its reason, settled with the player result', () => {
    const bets = [
      bet({
        _id: 'a',
        status: 'matched',
        stake: 500,
        matchedStake: 200,
        unmatchedStake: 300,
        createdAt: '2026-11-21T14:03:00.000Z',
      }),
      bet({
        _id: 'b',
        status: 'lapsed',
        matchedStake: 0,
        unmatchedStake: 0,
        lapseReason: 'PRICE_MOVED',
        createdAt: '2026-11-21T14:02:00.000Z',
      }),
      bet({ _id: 'c', status: 'settled', profitLoss: 45, createdAt: '2026-11-21T14:01:00.000Z' }),
    ];
    render(
      <MemoryRouter>
        <BookBets market={market()} bets={bets} />
      </MemoryRouter>,
    );
    const [partly, lapsed, settled] = screen.getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(partly).getByText('Partly matched')).toBeTruthy();
    expect(within(partly).getByText('₹300.00')).toBeTruthy();
    expect(within(lapsed).getByText('Lapsed')).toBeTruthy();
    expect(within(lapsed).getByText('Price moved')).toBeTruthy();
    expect(within(settled).getByText('+₹45.00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Rate' })).toBeTruthy();
    // Lapsed bets move no money: only the matched parts count.
    expect(bookTotals(bets)).toEqual({ matchedBets: 2, matchedStake: 300, unmatchedBets: 1 });
  });

  it('shows fancy bets as YES or NO at line @ rate', () => {
    render(
      <MemoryRouter>
        <BookBets
          market={fancyMarket()}
          bets={[
            bet({
              marketType: 'FANCY',
              selectionType: 'lay',
              selection: 'NO',
              selectionId: null,
              odds: 61,
              oddsSize: 100,
            }),
          ]}
        />
      </MemoryRouter>,
    );
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('No')).toBeTruthy();
    expect(within(row).getByText('61 @ 100')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Line @ rate' })).toBeTruthy();
  });

  it('marks the outcome the house fears most, and says when nothing is at risk', () => {
    const { rerender } = render(
      <HouseExposure
        exposure={[
          { outcome: 'India', profitLoss: -1250 },
          { outcome: 'Australia', profitLoss: 400 },
        ]}
      />,
    );
    const worst = screen.getByRole('row', { name: /India/ });
    expect(within(worst).getByText('Worst case')).toBeTruthy();
    expect(within(worst).getByText('-₹1,250.00')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Australia/ })).queryByText('Worst case')).toBeNull();
    rerender(<HouseExposure exposure={[]} />);
    expect(screen.getByText('No exposure yet')).toBeTruthy();
  });
});
