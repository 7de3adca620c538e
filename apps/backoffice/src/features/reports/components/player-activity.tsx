import { useMemo, useState } from 'react';
import type { ReportBet, SignIn } from '@khel/contract';
import { Pagination } from '../../../components/ui/pagination';
import { Tabs } from '../../../components/ui/tabs';
import { formatDateTime } from '../../../lib/format';
import { isSiteOperator, useProfile } from '../../../lib/auth/get-user-data';
import { usePlayerBets } from '../api/get-player-bets';
import { SIGN_INS_PAGE_SIZE, useSignIns } from '../api/get-sign-ins';
import type { DateRange } from '../api/keys';
import { betColumns } from './bet-columns';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { DateRangeFields, ReportState } from './report-parts';
import { VoidBetDialog } from './void-bet-dialog';
import '../reports.css';

const PAGE_SIZE = 10;
const SIGN_IN_COLUMNS: Column<SignIn>[] = [
  { header: 'Signed in', cell: (row) => formatDateTime(row.at), csv: (row) => row.at },
  { header: 'IP address', cell: (row) => row.ip ?? '—', csv: (row) => row.ip },
  {
    header: 'Device',
    cell: (row) => <span className="report-device">{row.userAgent ?? '—'}</span>,
    csv: (row) => row.userAgent,
  },
  { header: 'Last seen', cell: (row) => formatDateTime(row.lastSeenAt), csv: (row) => row.lastSeenAt },
  {
    header: 'Ended',
    cell: (row) =>
      row.endedAt === null
        ? Date.parse(row.expiresAt) < Date.now()
          ? 'Expired'
          : 'Active'
        : `${formatDateTime(row.endedAt)}${row.endReason === null ? '' : ` (${row.endReason})`}`,
    csv: (row) => row.endedAt,
  },
];

function PlayerBets({ userId, kind }: { userId: string; kind: 'open' | 'history' }) {
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<DateRange>({});
  const bets = usePlayerBets(userId, kind, { ...range, page, pageSize: PAGE_SIZE });
  const operator = isSiteOperator(useProfile().data);
  const [voiding, setVoiding] = useState<ReportBet | null>(null);
  const betColumnsShown = useMemo(() => betColumns(false, operator ? setVoiding : undefined), [operator]);
  return (
    <>
      {kind === 'history' ? (
        <div className="report-toolbar">
          <DateRangeFields
            value={range}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
        </div>
      ) : null}
      <ReportState
        query={bets}
        isEmpty={(data) => data.total === 0}
        emptyTitle={kind === 'open' ? 'No open bets' : 'No finished bets in these dates'}
      >
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">{data.total} bets</span>
              <CsvButton
                columns={betColumnsShown}
                rows={data.items}
                fileName={`${kind === 'open' ? 'open-bets' : 'bet-history'}-${userId.slice(0, 8)}.csv`}
              />
            </div>
            <ReportTable
              label={kind === 'open' ? 'Open bets' : 'Bet history'}
              columns={betColumnsShown}
              rows={data.items}
              rowKey={(bet) => bet._id}
            />
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={setPage} />
          </>
        )}
      </ReportState>
      {voiding === null ? null : <VoidBetDialog bet={voiding} onClose={() => setVoiding(null)} />}
    </>
  );
}

function SignIns({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const signIns = useSignIns(userId, page);
  return (
    <ReportState query={signIns} isEmpty={(data) => data.total === 0} emptyTitle="No sign-ins yet">
      {(data) => (
        <>
          <ReportTable label="Sign-in history" columns={SIGN_IN_COLUMNS} rows={data.items} rowKey={(row) => row._id} />
          <Pagination page={data.page} pageSize={SIGN_INS_PAGE_SIZE} total={data.total} onPageChange={setPage} />
        </>
      )}
    </ReportState>
  );
}

type Tab = 'open' | 'history' | 'sign-ins';

/** On a user's page: their open bets, bet history and sign-ins (time, IP address, device). */
export function PlayerActivity({ userId }: { userId: string }) {
  const [tab, setTab] = useState<Tab>('open');
  return (
    <section className="card player-activity" aria-labelledby={`activity-${userId}`}>
      <h2 id={`activity-${userId}`}>Bets and sign-ins</h2>
      <Tabs
        label="Bets and sign-ins"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'open', label: 'Open bets' },
          { value: 'history', label: 'Bet history' },
          { value: 'sign-ins', label: 'Sign-ins' },
        ]}
      >
        {tab === 'sign-ins' ? <SignIns userId={userId} /> : <PlayerBets key={tab} userId={userId} kind={tab} />}
      </Tabs>
    </section>
  );
}
