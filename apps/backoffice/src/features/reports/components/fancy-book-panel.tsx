import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useFancyBook } from '../api/get-fancy-book';
import { Amount } from './report-parts';

const band = (fromRuns: number, toRuns: number | null) =>
  toRuns === null ? `${fromRuns} or more` : toRuns === fromRuns + 1 ? `${fromRuns}` : `${fromRuns}–${toRuns - 1}`;

/**
 * A fancy line's book (decision 0064): for each band of run totals, what the line gives the book if it
 * settles there — the whole downline's figure and the caller's share of it — the worst band marked.
 */
export function FancyBookPanel({ marketId, title }: { marketId: string; title: string }) {
  const book = useFancyBook(marketId);
  if (book.isPending) return <Spinner size="small" label="Loading the fancy book…" />;
  if (book.isError) return <Alert>{errorMessage(book.error)}</Alert>;
  return (
    <table className="data-table risk-runners fancy-book" aria-label={`${title}: fancy book`}>
      <caption className="muted">
        Fancy book: {book.data.bets} open {book.data.bets === 1 ? 'bet' : 'bets'} · positive when the players lose
      </caption>
      <thead>
        <tr>
          <th scope="col">Runs</th>
          <th scope="col" className="num">
            Whole downline
          </th>
          <th scope="col" className="num">
            Your share
          </th>
        </tr>
      </thead>
      <tbody>
        {book.data.rows.map((row) => (
          <tr key={row.fromRuns} className={row.worst ? 'risk-worst' : undefined}>
            <th scope="row">
              {band(row.fromRuns, row.toRuns)}
              {row.worst ? <span className="risk-worst-badge">Worst outcome</span> : null}
            </th>
            <td className="num">
              <Amount value={row.subtree} />
            </td>
            <td className="num">
              <Amount value={row.share} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
