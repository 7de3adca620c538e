import { Link } from 'react-router';
import type { ExposureMarket } from '@khel/contract';
import { useExposure } from '../api/get-exposure';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { Amount, ReportState } from './report-parts';

const worstRunner = (market: ExposureMarket) => market.runners.find((runner) => runner.worst)?.name ?? '—';

const COLUMNS: Column<ExposureMarket>[] = [
  {
    header: 'Market',
    cell: (market) => <Link to={`/risk#market-${market.marketId}`}>{market.market}</Link>,
    csv: (market) => market.market,
  },
  {
    header: 'Event',
    cell: (market) => `${market.sport} › ${market.event}`,
    csv: (market) => `${market.sport} › ${market.event}`,
  },
  { header: 'Players', cell: (market) => market.players, csv: (market) => market.players, num: true },
  {
    header: "Players' liability",
    cell: (market) => <Amount value={market.liability} />,
    csv: (market) => market.liability,
    num: true,
  },
  { header: 'Worst outcome', cell: worstRunner, csv: worstRunner },
  {
    header: 'Site on worst outcome',
    cell: (market) => (market.worstCase === null ? '—' : <Amount value={market.worstCase} />),
    csv: (market) => market.worstCase,
    num: true,
  },
];

/**
 * Exposure across every open market, as a table to download; the risk view shows it live, runner by
 * runner. With a `userId` (the client list's Exposure cell), the markets holding that account's and
 * its subtree's exposure.
 */
export function ExposurePanel({ userId, onShowAll }: { userId?: string; onShowAll?: () => void }) {
  const exposure = useExposure(false, userId);
  return (
    <div className="report-panel">
      {userId !== undefined && (
        <p className="report-actions">
          <span>One account&apos;s markets (with its downline).</span>
          <button type="button" className="btn btn-secondary btn-small" onClick={onShowAll}>
            Show the whole scope
          </button>
        </p>
      )}
      <p className="muted">
        Markets not yet settled where the players hold a position. Liability is what they have reserved (their most to
        lose). <Link to="/risk">Open the live risk view</Link>
      </p>
      <ReportState
        query={exposure}
        isEmpty={(data) => data.markets.length === 0}
        emptyTitle="No open positions right now"
      >
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">
                Total liability <Amount value={data.totalLiability} />
              </span>
              <CsvButton
                columns={COLUMNS}
                rows={data.markets}
                fileName={`exposure-${data.asOf.slice(0, 16).replace(':', '')}.csv`}
              />
            </div>
            <ReportTable
              label="Exposure by market"
              columns={COLUMNS}
              rows={data.markets}
              rowKey={(market) => market.marketId}
            />
          </>
        )}
      </ReportState>
    </div>
  );
}
