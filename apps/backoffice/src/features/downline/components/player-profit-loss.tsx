import { useQuery } from '@tanstack/react-query';
import type { ProfitLossRow } from '@khel/contract';
import { Amount } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** A player's net result by sport, event and market, and by casino provider (an agent: its downline only). */
export function PlayerProfitLoss({ userId }: { userId: string }) {
  const report = useQuery({
    queryKey: ['users', 'profit-loss', userId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ rows: ProfitLossRow[]; total: number }>(
          `/backoffice/users/${encodeURIComponent(userId)}/profit-loss`,
          { signal },
        )
      ).data,
  });
  return (
    <section className="card" aria-labelledby={`profit-loss-${userId}`}>
      <h2 id={`profit-loss-${userId}`}>Profit &amp; loss</h2>
      {report.isPending ? (
        <LoadingBlock label="Loading profit and loss…" />
      ) : report.isError ? (
        <Alert>{errorMessage(report.error)}</Alert>
      ) : report.data.rows.length === 0 ? (
        <EmptyState title="No settled bets or rounds yet" />
      ) : (
        <table className="data-table responsive-table">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Bets or rounds</th>
              <th scope="col">Profit / loss</th>
            </tr>
          </thead>
          <tbody>
            {report.data.rows.map((row) => (
              <tr key={row.key}>
                <td data-label="What">
                  {row.group === 'sport'
                    ? [row.sport, row.event, row.market].filter(Boolean).join(' / ')
                    : (row.provider ?? 'Casino')}
                </td>
                <td data-label="Bets or rounds">{row.count}</td>
                <td data-label="Profit / loss">
                  <Amount value={row.profitLoss} signed />
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <td />
              <td data-label="Total">
                <Amount value={report.data.total} signed />
              </td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
