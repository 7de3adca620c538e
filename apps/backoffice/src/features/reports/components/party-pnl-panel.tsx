import { useState } from 'react';
import { Link } from 'react-router';
import { ROLE_NAMES } from '@khel/contract';
import type { PartyPnlRow, RoleId } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePartyPnl } from '../api/get-party-pnl';
import type { DateRange } from '../api/keys';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { Amount, DateRangeFields, ReportState } from './report-parts';
import { CasinoRoundsDialog } from './casino-rounds-dialog';

const money = (header: string, pick: (row: PartyPnlRow) => number): Column<PartyPnlRow> => ({
  header,
  cell: (row) => <Amount value={pick(row)} />,
  csv: pick,
  num: true,
});

/**
 * Casino by provider (decision 0065): one column each, after Casino; a client's cell opens the rounds
 * behind it.
 */
function providerColumns(
  providers: readonly string[],
  open: (row: PartyPnlRow, provider: string) => void,
): Column<PartyPnlRow>[] {
  return providers.map((provider) => ({
    header: `Casino: ${provider}`,
    num: true,
    csv: (row) => row.casinoByProvider[provider] ?? 0,
    cell: (row) => {
      const value = row.casinoByProvider[provider] ?? 0;
      return row.userId === 'total' || row.hasDownline || value === 0 ? (
        <Amount value={value} />
      ) : (
        <Button
          size="small"
          variant="ghost"
          onClick={() => open(row, provider)}
          aria-label={`${provider} rounds of ${row.username}`}
        >
          <Amount value={value} />
        </Button>
      );
    },
  }));
}

/**
 * Party win/loss by client and by agent (issue 28, decision 0056): the accounts at the top of the
 * caller's tree, each with its whole subtree's result; an agent's row opens one level down, a client's
 * leads to its bets, and its casino cells to its rounds. Amounts are the downline's side: positive, the
 * downline won.
 */
export function PartyPnlPanel({
  range,
  onRangeChange,
}: {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
}) {
  /** The accounts opened so far, top first: the rows shown are the last one's downline. */
  const [trail, setTrail] = useState<{ userId: string; username: string }[]>([]);
  const parentId = trail.at(-1)?.userId ?? null;
  const report = usePartyPnl(parentId, range);
  const [rounds, setRounds] = useState<{ user: { userId: string; username: string }; provider: string } | null>(null);
  const columnsFor = (providers: readonly string[]): Column<PartyPnlRow>[] => [
    {
      header: 'Account',
      cell: (row) =>
        row.hasDownline ? (
          <Button
            size="small"
            variant="ghost"
            onClick={() => setTrail([...trail, { userId: row.userId, username: row.username }])}
            aria-label={`Open the downline of ${row.username}`}
          >
            {row.username} ›
          </Button>
        ) : (
          <Link to={`/users/${row.userId}`} aria-label={`Bets of ${row.username}`}>
            {row.username}
          </Link>
        ),
      csv: (row) => row.username,
    },
    {
      header: 'Role',
      cell: (row) => ROLE_NAMES[row.role as RoleId] ?? '',
      csv: (row) => ROLE_NAMES[row.role as RoleId] ?? '',
    },
    money('Exchange', (row) => row.exchange),
    money('Bookmaker', (row) => row.bookmaker),
    money('Fancy', (row) => row.fancy),
    money('Sports', (row) => row.sports),
    money('Casino', (row) => row.casino),
    ...providerColumns(providers, (row, provider) =>
      setRounds({ user: { userId: row.userId, username: row.username }, provider }),
    ),
    money('Total', (row) => row.total),
  ];
  return (
    <div className="report-panel">
      <div className="report-toolbar">
        <DateRangeFields
          value={range}
          onChange={onRangeChange}
          error={report.error instanceof ApiError ? report.error.issueFor('start_date') : undefined}
        />
      </div>
      <nav aria-label="Downline levels" className="report-chip">
        <Button size="small" variant="ghost" onClick={() => setTrail([])} disabled={trail.length === 0}>
          Top
        </Button>
        {trail.map((level, index) => (
          <span key={level.userId}>
            {' › '}
            <Button
              size="small"
              variant="ghost"
              onClick={() => setTrail(trail.slice(0, index + 1))}
              disabled={index === trail.length - 1}
            >
              {level.username}
            </Button>
          </span>
        ))}
      </nav>
      <p className="muted">
        Settled sports and finished casino play from the journal, by India date; voids and corrections included.
        Positive: the downline won.
      </p>
      <ReportState query={report} isEmpty={(data) => data.rows.length === 0} emptyTitle="No play in these dates">
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">
                {data.from} to {data.to}
              </span>
              <CsvButton
                columns={columnsFor(data.casinoProviders)}
                rows={data.rows}
                fileName={`party-pnl-${trail.at(-1)?.username ?? 'top'}-${data.from}-${data.to}.csv`}
              />
            </div>
            <ReportTable
              label="Party win/loss"
              columns={columnsFor(data.casinoProviders)}
              rows={data.rows}
              rowKey={(row) => row.userId}
              footer={{ userId: 'total', username: 'Total', name: '', role: 0, hasDownline: false, ...data.total }}
            />
          </>
        )}
      </ReportState>
      {rounds !== null ? (
        <CasinoRoundsDialog
          user={rounds.user}
          provider={rounds.provider}
          range={range}
          onClose={() => setRounds(null)}
        />
      ) : null}
    </div>
  );
}
