import { Link } from 'react-router';
import type { DataColumn } from '@khel/web-kit';
import { Amount } from '../../../components/money/desk-parts';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Button } from '../../../components/ui/button';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { DataTable, QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import type { DeskProvider, DeskRound, DeskTransaction } from '../api/keys';
import { REPORT_LIMIT, useCasinoRounds, useCasinoTransactions } from '../api/reports';
import { DateInput, ProviderSelect, useReportFilters } from './report-filters';

const ROUND_STATUS: Record<DeskRound['status'], { label: string; className: string }> = {
  open: { label: 'Open', className: 'badge-warning' },
  credited: { label: 'Settled', className: 'badge-ok' },
  rolled_back: { label: 'Rolled back', className: 'badge-muted' },
};

const TX_KIND: Record<DeskTransaction['kind'], { label: string; className: string; title: string }> = {
  debit: { label: 'Debit', className: 'badge-danger', title: 'The stake, taken from the player' },
  credit: { label: 'Credit', className: 'badge-ok', title: 'The payout, paid to the player (0 closes a lost round)' },
  rollback: { label: 'Rollback', className: 'badge-warning', title: 'A debit returned to the player' },
  rollback_tombstone: {
    label: 'Tombstone',
    className: 'badge-muted',
    title: 'A rollback of a debit never received: the late debit will be refused',
  },
};

function WalletLabel({ wallet }: { wallet: 'main' | 'bonus' | null }) {
  if (wallet === null) return <span className="muted">—</span>;
  return (
    <span className={`badge ${wallet === 'bonus' ? 'badge-warning' : 'badge-muted'}`}>
      {wallet === 'bonus' ? 'Bonus' : 'Main'}
    </span>
  );
}

/** The player's side of a transaction: a debit takes money, a credit or rollback gives it back. */
function signedAmount(transaction: DeskTransaction): number {
  if (transaction.kind === 'debit') return -transaction.amount;
  if (transaction.kind === 'rollback_tombstone') return 0;
  return transaction.amount;
}

function JournalCell({ transaction }: { transaction: DeskTransaction }) {
  // Only accepted calls are stored (a refusal stores nothing), so every row was answered OK.
  if (transaction.journalTransactionId !== null)
    return (
      <span title="OK, with our journal transaction as the reference answered to the provider">
        OK · journal #{transaction.journalTransactionId}
      </span>
    );
  if (transaction.kind === 'rollback_tombstone') return <span className="muted">OK · recorded, no money moved</span>;
  if (transaction.amount === 0) return <span className="muted">OK · nothing to move</span>;
  return <span className="badge badge-danger">No journal line</span>;
}

export function RoundsPanel({ providers }: { providers: readonly DeskProvider[] }) {
  const { provider, date, update } = useReportFilters(providers);
  const rounds = useCasinoRounds(provider, date);
  const transactions = useCasinoTransactions(provider, date);
  const updating =
    (rounds.isFetching && rounds.data !== undefined) || (transactions.isFetching && transactions.data !== undefined);

  return (
    <div className="casino-panel">
      <div className="casino-toolbar">
        <div className="casino-filters">
          <ProviderSelect providers={providers} value={provider} onChange={(code) => update({ provider: code })} />
          <DateInput value={date} onChange={(next) => update({ date: next })} />
        </div>
        <div className="casino-toolbar-actions">
          {updating ? <Spinner size="small" label="Updating" /> : null}
          <Button
            size="small"
            onClick={() => {
              void rounds.refetch();
              void transactions.refetch();
            }}
          >
            Refresh
          </Button>
        </div>
      </div>
      <PlayMoneyNote>Stakes and payouts are play chips with no cash value.</PlayMoneyNote>

      <section aria-labelledby="casino-rounds-title" className="casino-section">
        <h2 id="casino-rounds-title" className="subheading">
          Rounds
        </h2>
        <QueryState
          query={rounds}
          loadingLabel="Loading rounds…"
          retry
          emptyTitle="No rounds on this day"
          emptyBody="Rounds appear here as soon as a player stakes with this provider."
        >
          {(rows) => (
            <>
              {rows.length >= REPORT_LIMIT ? (
                <p className="muted small">The latest {REPORT_LIMIT} rounds of the day.</p>
              ) : null}
              <div className="list-actions">
                <CsvButton columns={ROUNDS_CSV} rows={rows} fileName="casino-rounds.csv" />
              </div>
              <DataTable
                className="casino-report"
                label="Rounds"
                rows={rows}
                rowKey={(round) => round._id}
                columns={ROUND_COLUMNS}
              />
            </>
          )}
        </QueryState>
      </section>

      <section aria-labelledby="casino-transactions-title" className="casino-section">
        <h2 id="casino-transactions-title" className="subheading">
          Wallet transactions
        </h2>
        <QueryState
          query={transactions}
          loadingLabel="Loading wallet transactions…"
          retry
          emptyTitle="No wallet transactions on this day"
        >
          {(rows) => (
            <>
              {rows.length >= REPORT_LIMIT ? (
                <p className="muted small">The latest {REPORT_LIMIT} transactions of the day.</p>
              ) : null}
              <div className="list-actions">
                <CsvButton columns={TRANSACTIONS_CSV} rows={rows} fileName="casino-wallet-transactions.csv" />
              </div>
              <DataTable
                className="casino-report"
                label="Wallet transactions"
                rows={rows}
                rowKey={(transaction) => transaction._id}
                columns={TRANSACTION_COLUMNS}
              />
            </>
          )}
        </QueryState>
      </section>
    </div>
  );
}

const ROUNDS_CSV: CsvColumn<DeskRound>[] = [
  { header: 'Round', csv: (round) => round.roundId },
  { header: 'When', csv: (round) => round.createdAt },
  { header: 'Player', csv: (round) => round.username },
  { header: 'Game', csv: (round) => round.title },
  { header: 'Stake', csv: (round) => round.stake },
  { header: 'Payout', csv: (round) => round.payout },
  { header: 'Player P/L', csv: (round) => round.profitLoss },
  { header: 'Status', csv: (round) => round.status },
  { header: 'Wallet', csv: (round) => round.wallet },
  { header: 'Debits', csv: (round) => round.debits },
  { header: 'Credits', csv: (round) => round.credits },
  { header: 'Rollbacks', csv: (round) => round.rollbacks },
];

const TRANSACTIONS_CSV: CsvColumn<DeskTransaction>[] = [
  { header: 'Transaction', csv: (transaction) => transaction.transactionId },
  { header: 'When', csv: (transaction) => transaction.createdAt },
  { header: 'Kind', csv: (transaction) => transaction.kind },
  { header: 'Round', csv: (transaction) => transaction.roundId },
  { header: 'Player', csv: (transaction) => transaction.username },
  { header: 'Wallet', csv: (transaction) => transaction.wallet },
  { header: 'Amount', csv: (transaction) => transaction.amount },
  { header: 'Journal transaction', csv: (transaction) => transaction.journalTransactionId },
];

const ROUND_COLUMNS: DataColumn<DeskRound>[] = [
  {
    header: 'Round',
    cellClassName: 'casino-id-cell',
    cell: (round) => (
      <span>
        <code className="casino-id" title={round.roundId}>
          {round.roundId}
        </code>
        <span className="muted small">{formatDateTime(round.createdAt)}</span>
      </span>
    ),
  },
  { header: 'Player', cell: (round) => <Link to={`/users/${round.userId}`}>{round.username}</Link> },
  {
    header: 'Game',
    cell: (round) => (
      <span>
        {round.title}
        <span className="muted small casino-block">{round.description}</span>
      </span>
    ),
  },
  { header: 'Stake', className: 'num', cell: (round) => <Amount value={round.stake} /> },
  { header: 'Payout', className: 'num', cell: (round) => <Amount value={round.payout} /> },
  { header: 'Player P/L', className: 'num', cell: (round) => <Amount value={round.profitLoss} signed /> },
  {
    header: 'Status',
    cell: (round) => (
      <span className={`badge ${ROUND_STATUS[round.status].className}`}>{ROUND_STATUS[round.status].label}</span>
    ),
  },
  { header: 'Wallet', cell: (round) => <WalletLabel wallet={round.wallet} /> },
  {
    header: 'Calls',
    cellClassName: 'small',
    cell: (round) => (
      <span title="Debits / credits / rollbacks">
        {round.debits} debit{round.debits === 1 ? '' : 's'}, {round.credits} credit{round.credits === 1 ? '' : 's'}
        {round.rollbacks > 0 ? `, ${round.rollbacks} rollback${round.rollbacks === 1 ? '' : 's'}` : ''}
      </span>
    ),
  },
];

const TRANSACTION_COLUMNS: DataColumn<DeskTransaction>[] = [
  {
    header: 'Transaction',
    cellClassName: 'casino-id-cell',
    cell: (transaction) => (
      <span>
        <code className="casino-id" title={transaction.transactionId}>
          {transaction.transactionId}
        </code>
        <span className="muted small">{formatDateTime(transaction.createdAt)}</span>
      </span>
    ),
  },
  {
    header: 'Kind',
    cell: (transaction) => (
      <span className={`badge ${TX_KIND[transaction.kind].className}`} title={TX_KIND[transaction.kind].title}>
        {TX_KIND[transaction.kind].label}
      </span>
    ),
  },
  {
    header: 'Round',
    cell: (transaction) => (
      <code className="casino-id" title={transaction.roundId}>
        {transaction.roundId}
      </code>
    ),
  },
  { header: 'Player', cell: (transaction) => <Link to={`/users/${transaction.userId}`}>{transaction.username}</Link> },
  { header: 'Wallet', cell: (transaction) => <WalletLabel wallet={transaction.wallet} /> },
  {
    header: 'Amount',
    className: 'num',
    cell: (transaction) =>
      transaction.kind === 'rollback_tombstone' ? (
        <span className="muted">—</span>
      ) : (
        <Amount value={signedAmount(transaction)} signed={transaction.amount !== 0} />
      ),
  },
  { header: 'Answer', cell: (transaction) => <JournalCell transaction={transaction} /> },
];
