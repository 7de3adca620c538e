import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { useIdempotencyKey } from './use-idempotency-key';
import { QueryState, type QueryLike } from './query-state';

const query = <T,>(state: Partial<QueryLike<T>>): QueryLike<T> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...state,
});
const states = (q: QueryLike<string[]>) => (
  <QueryState query={q} loading="loading" failed={(error) => `failed: ${(error as Error).message}`} empty="nothing">
    {(rows) => rows.join(',')}
  </QueryState>
);

describe('QueryState', () => {
  it('draws loading, failure, empty and data in that order of precedence', () => {
    const { container, rerender } = render(states(query({ isPending: true })));
    expect(container.textContent).toBe('loading');
    rerender(states(query({ isError: true, error: new Error('boom') })));
    expect(container.textContent).toBe('failed: boom');
    rerender(states(query({ data: [] })));
    expect(container.textContent).toBe('nothing');
    rerender(states(query({ data: ['a', 'b'] })));
    expect(container.textContent).toBe('a,b');
  });
});

describe('DataTable', () => {
  it('draws a header per column and a labelled cell per row and column', () => {
    const rows = [
      { id: 'r1', name: 'Ravi', amount: 100 },
      { id: 'r2', name: 'Asha', amount: 250 },
    ];
    render(
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        className="data-table"
        label="Players"
        columns={[
          { header: 'Name', cell: (row) => row.name },
          false,
          { header: 'Amount', className: 'num', cell: (row) => row.amount },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Players' });
    expect(table.className).toBe('data-table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Amount']);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((td) => `${td.dataset.label}=${td.textContent}`)).toEqual([
      'Name=Ravi',
      'Amount=100',
      'Name=Asha',
      'Amount=250',
    ]);
    expect(cells[1]?.className).toBe('num');
  });
});

describe('useIdempotencyKey', () => {
  it('reuses the key for the same body, makes a new one for another body or after done()', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ amount: 100 });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.current.keyFor({ amount: 100 })).toBe(first);
    const second = result.current.keyFor({ amount: 200 });
    expect(second).not.toBe(first);
    result.current.done();
    expect(result.current.keyFor({ amount: 200 })).not.toBe(second);
  });
});
