import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BetRow } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';

const BETS_CSV: CsvColumn<BetRow>[] = [
  { header: 'Placed', csv: (bet) => bet.createdAt },
  { header: 'Event', csv: (bet) => bet.event },
  { header: 'Market', csv: (bet) => bet.marketName },
  { header: 'Selection', csv: (bet) => `${bet.selection} (${bet.selectionType})` },
  { header: 'Odds', csv: (bet) => bet.odds },
  { header: 'Stake', csv: (bet) => bet.stake },
  { header: 'Status', csv: (bet) => bet.status },
  { header: 'P&L', csv: (bet) => bet.profitLoss },
];

/** A player's open or settled bets, as the server lets the caller see them (an agent: its downline only). */
export function PlayerBets({ userId }: { userId: string }) {
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const bets = useQuery({
    queryKey: ['users', 'bets', userId, status],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<BetRow[]>(`/backoffice/users/${encodeURIComponent(userId)}/bets`, {
          query: { status },
          signal,
        })
      ).data,
  });
  return (
    <section className="card" aria-labelledby={`bets-${userId}`}>
      <h2 id={`bets-${userId}`}>Bets</h2>
      <SelectField
        label="Bets to show"
        value={status}
        onChange={(event) => setStatus(event.target.value === 'settled' ? 'settled' : 'open')}
      >
        <option value="open">Open</option>
        <option value="settled">Settled</option>
      </SelectField>
      {bets.isPending ? (
        <LoadingBlock label="Loading bets…" />
      ) : bets.isError ? (
        <Alert>{errorMessage(bets.error)}</Alert>
      ) : bets.data.length === 0 ? (
        <EmptyState title={status === 'open' ? 'No open bets' : 'No settled bets'} />
      ) : (
        <>
          <div className="list-actions">
            <CsvButton columns={BETS_CSV} rows={bets.data} fileName={`bets-${status}-${userId.slice(0, 8)}.csv`} />
          </div>
          <table className="data-table responsive-table">
            <thead>
              <tr>
                <th scope="col">Placed</th>
                <th scope="col">Market</th>
                <th scope="col">Selection</th>
                <th scope="col">Odds</th>
                <th scope="col">Stake</th>
                <th scope="col">Status</th>
                <th scope="col">P&amp;L</th>
              </tr>
            </thead>
            <tbody>
              {bets.data.map((bet) => (
                <tr key={bet._id}>
                  <td data-label="Placed">{formatDateTime(bet.createdAt)}</td>
                  <td data-label="Market">{`${bet.event} / ${bet.marketName}`}</td>
                  <td data-label="Selection">{`${bet.selection} (${bet.selectionType})`}</td>
                  <td data-label="Odds">{bet.odds}</td>
                  <td data-label="Stake">{bet.stake}</td>
                  <td data-label="Status">{bet.status}</td>
                  <td data-label="P&L">{bet.profitLoss ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
