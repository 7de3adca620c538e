import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { BET_LIST_STATUSES } from '@khel/contract';
import type { BetListStatus, ReportBet } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { ApiError } from '../../../lib/api-client';
import { isSiteOperator, useProfile } from '../../../lib/auth/get-user-data';
import { useBets } from '../api/get-bets';
import type { BetListFilters } from '../api/get-bets';
import { betColumns } from './bet-columns';
import { CsvButton, ReportTable } from './report-table';
import { DateRangeFields, ReportState } from './report-parts';
import { VoidBetDialog } from './void-bet-dialog';

const PAGE_SIZE = 25;
const STATUS_LABELS: Record<BetListStatus, string> = {
  open: 'Open (not settled)',
  pending: 'Waiting (delay)',
  unmatched: 'Unmatched',
  matched: 'Matched',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed',
  settled: 'Settled',
  voided: 'Voided',
};

type Draft = Omit<BetListFilters, 'page' | 'pageSize'>;

/** The risk manager's bet list: filters apply on Search; the market filter comes from the risk view. */
export function BetsPanel({ marketId, onClearMarket }: { marketId?: string | undefined; onClearMarket: () => void }) {
  const [draft, setDraft] = useState<Draft>({});
  const [applied, setApplied] = useState<Draft>({});
  const [page, setPage] = useState(1);
  const bets = useBets({ ...applied, marketId, page, pageSize: PAGE_SIZE });
  const operator = isSiteOperator(useProfile().data);
  const [voiding, setVoiding] = useState<ReportBet | null>(null);
  const columns = useMemo(() => betColumns(true, operator ? setVoiding : undefined), [operator]);
  const issue = (field: string) => (bets.error instanceof ApiError ? bets.error.issueFor(field) : undefined);

  function search(event: FormEvent) {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  }

  return (
    <div className="report-panel">
      <form className="report-toolbar" onSubmit={search} aria-label="Bet filters">
        <TextField
          label="Player (username or mobile)"
          value={draft.player ?? ''}
          maxLength={80}
          onChange={(event) => setDraft({ ...draft, player: event.target.value || undefined })}
          error={issue('player')}
        />
        <TextField
          label="Stake from (₹)"
          inputMode="decimal"
          value={draft.minStake ?? ''}
          onChange={(event) => setDraft({ ...draft, minStake: event.target.value || undefined })}
          error={issue('minStake')}
        />
        <TextField
          label="Stake to (₹)"
          inputMode="decimal"
          value={draft.maxStake ?? ''}
          onChange={(event) => setDraft({ ...draft, maxStake: event.target.value || undefined })}
          error={issue('maxStake')}
        />
        <DateRangeFields
          value={draft}
          onChange={(range) => setDraft({ ...draft, ...range })}
          error={issue('start_date')}
        />
        <SelectField
          label="Status"
          value={draft.status ?? ''}
          onChange={(event) =>
            setDraft({ ...draft, status: (event.target.value || undefined) as BetListStatus | undefined })
          }
        >
          <option value="">Any status</option>
          {BET_LIST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {marketId === undefined ? null : (
        <p className="report-chip">
          One market only{' '}
          <Button size="small" variant="ghost" onClick={onClearMarket}>
            Show every market
          </Button>
        </p>
      )}
      <ReportState query={bets} isEmpty={(data) => data.total === 0} emptyTitle="No bets match these filters">
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">{data.total} bets, newest first</span>
              <CsvButton columns={columns} rows={data.items} fileName={`bets-page-${data.page}.csv`} />
            </div>
            <ReportTable label="Bets" columns={columns} rows={data.items} rowKey={(bet) => bet._id} />
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={setPage}
              label="Bet pages"
            />
          </>
        )}
      </ReportState>
      {voiding === null ? null : <VoidBetDialog bet={voiding} onClose={() => setVoiding(null)} />}
    </div>
  );
}
