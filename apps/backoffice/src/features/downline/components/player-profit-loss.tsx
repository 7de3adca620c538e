import { useQuery } from '@tanstack/react-query';
import type { ProfitLossRow } from '@khel/contract';
import { Amount } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { apiRequest, errorMessage } from '../../../lib/api-client';

const what = (row: ProfitLossRow) =>
  row.group === 'sport' ? [row.sport, row.event, row.market].filter(Boolean).join(' / ') : (row.provider ?? 'Casino');
const PROFIT_LOSS_CSV: CsvColumn<ProfitLossRow>[] = [
  { header: 'What', csv: what },
  { header: 'Bets or rounds', csv: (row) => row.count },
  { header: 'Profit / loss', csv: (row) => row.profitLoss },
];

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
        <>
          <div className="list-actions">
            <CsvButton
              columns={PROFIT_LOSS_CSV}
              rows={report.data.rows}
              fileName={`profit-loss-${userId.slice(0, 8)}.csv`}
            />
          </div>
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
                  <td data-label="What">{what(row)}</td>
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
        </>
      )}
    </section>
  );
}
