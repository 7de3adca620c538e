import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@khel/contract';
import type { DateRange } from '../lib/dates';
import { RequestHistory } from './request-history';

type Item = { _id: string; amount: number };

function renderWith(
  query: { isPending: boolean; isError: boolean; data?: Item[] },
  skeleton?: { rows: number; height: string },
) {
  const useRows = vi.fn((_range: DateRange) => query);
  render(
    <RequestHistory<Item>
      name="deposit"
      title="Your deposits"
      errorText="We could not load your deposits."
      useRows={useRows}
      row={(item) => <li key={item._id}>₹{item.amount}</li>}
      {...(skeleton ? { skeleton } : {})}
    >
      <p>after the list</p>
    </RequestHistory>,
  );
  return useRows;
}

describe('RequestHistory', () => {
  it('asks for the last days by default and shows one row per request, then its children', () => {
    const useRows = renderWith({
      isPending: false,
      isError: false,
      data: [
        { _id: 'a', amount: 500 },
        { _id: 'b', amount: 700 },
      ],
    });
    const range = useRows.mock.calls[0]?.[0] as DateRange;
    expect(range.start <= range.end).toBe(true);
    expect(screen.getByRole('heading', { name: 'Your deposits' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['₹500', '₹700']);
    expect(screen.getByText('after the list')).toBeTruthy();
    expect(screen.getByTestId('deposit-history')).toBeTruthy();
  });

  it('says so while loading, on an error, and when the range holds nothing', () => {
    renderWith({ isPending: true, isError: false }, { rows: 2, height: '64px' });
    expect(screen.getByLabelText('Loading').children).toHaveLength(2);
    document.body.innerHTML = '';
    renderWith({ isPending: false, isError: true });
    expect(screen.getByText('We could not load your deposits.')).toBeTruthy();
    document.body.innerHTML = '';
    renderWith({ isPending: false, isError: false, data: [] });
    expect(screen.getByText(MESSAGES.noData)).toBeTruthy();
  });
});
