import { Link } from 'react-router';
import { Amount } from '../../../components/money/desk-parts';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
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
  rollback_tombstone: { label: 'Tombstone', className: 'badge-muted', title: 'A rollback of a debit never received: the late debit will be refused' },
};

function WalletLabel({ wallet }: { wallet: 'main' | 'bonus' | null }) {
  if (wallet === null) return <span className="muted">—</span>;
  return <span className={`badge ${wallet === 'bonus' ? 'badge-warning' : 'badge-muted'}`}>{wallet === 'bonus' ? 'Bonus' : 'Main'}</span>;
}

/** The player's side of a transaction: a debit takes money, a credit or rollback gives it back. */
function signedAmount(transaction: DeskTransaction): number {
  if (transaction.kind === 'debit') return -transaction.amount;
  if (transaction.kind === 'rollback_tombstone') return 0;
  return transaction.amount;
}

function JournalCell({ transaction }: { transaction: DeskTransaction }) {
  // Only accepted calls are stored (a refusal stores nothing), so every row was answered OK.
  if (transaction.journalTransactionId !== null) return <span title="OK, with our journal transaction as the reference answered to the provider">OK · journal #{transaction.journalTransactionId}</span>;
  if (transaction.kind === 'rollback_tombstone') return <span className="muted">OK · recorded, no money moved</span>;
  if (transaction.amount === 0) return <span className="muted">OK · nothing to move</span>;
  return <span className="badge badge-danger">No journal line</span>;
}

export function RoundsPanel({ providers }: { providers: readonly DeskProvider[] }) {
  const { provider, date, update } = useReportFilters(providers);
  const rounds = useCasinoRounds(provider, date);
  const transactions = useCasinoTransactions(provider, date);
  const updating = (rounds.isFetching && rounds.data !== undefined) || (transactions.isFetching && transactions.data !== undefined);

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
        {rounds.isPending ? (
          <LoadingBlock label="Loading rounds…" />
        ) : rounds.isError ? (
          <Alert
            action={
              <Button size="small" onClick={() => void rounds.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(rounds.error)}
          </Alert>
        ) : rounds.data.length === 0 ? (
          <EmptyState title="No rounds on this day">Rounds appear here as soon as a player stakes with this provider.</EmptyState>
        ) : (
          <>
            {rounds.data.length >= REPORT_LIMIT ? <p className="muted small">The latest {REPORT_LIMIT} rounds of the day.</p> : null}
            <RoundTable rounds={rounds.data} />
          </>
        )}
      </section>

      <section aria-labelledby="casino-transactions-title" className="casino-section">
        <h2 id="casino-transactions-title" className="subheading">
          Wallet transactions
        </h2>
        {transactions.isPending ? (
          <LoadingBlock label="Loading wallet transactions…" />
        ) : transactions.isError ? (
          <Alert
            action={
              <Button size="small" onClick={() => void transactions.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(transactions.error)}
          </Alert>
        ) : transactions.data.length === 0 ? (
          <EmptyState title="No wallet transactions on this day" />
        ) : (
          <>
            {transactions.data.length >= REPORT_LIMIT ? <p className="muted small">The latest {REPORT_LIMIT} transactions of the day.</p> : null}
            <TransactionTable transactions={transactions.data} />
          </>
        )}
      </section>
    </div>
  );
}

function RoundTable({ rounds }: { rounds: DeskRound[] }) {
  return (
    <table className="data-table responsive-table casino-report" aria-label="Rounds">
      <thead>
        <tr>
          <th scope="col">Round</th>
          <th scope="col">Player</th>
          <th scope="col">Game</th>
          <th scope="col" className="num">
            Stake
          </th>
          <th scope="col" className="num">
            Payout
          </th>
          <th scope="col" className="num">
            Player P/L
          </th>
          <th scope="col">Status</th>
          <th scope="col">Wallet</th>
          <th scope="col">Calls</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => {
          const status = ROUND_STATUS[round.status];
          return (
            <tr key={round._id}>
              <td data-label="Round" className="casino-id-cell">
                <span>
                  <code className="casino-id" title={round.roundId}>
                    {round.roundId}
                  </code>
                  <span className="muted small">{formatDateTime(round.createdAt)}</span>
                </span>
              </td>
              <td data-label="Player">
                <Link to={`/users/${round.userId}`}>{round.username}</Link>
              </td>
              <td data-label="Game">
                <span>
                  {round.title}
                  <span className="muted small casino-block">{round.description}</span>
                </span>
              </td>
              <td data-label="Stake" className="num">
                <Amount value={round.stake} />
              </td>
              <td data-label="Payout" className="num">
                <Amount value={round.payout} />
              </td>
              <td data-label="Player P/L" className="num">
                <Amount value={round.profitLoss} signed />
              </td>
              <td data-label="Status">
                <span className={`badge ${status.className}`}>{status.label}</span>
              </td>
              <td data-label="Wallet">
                <WalletLabel wallet={round.wallet} />
              </td>
              <td data-label="Calls" className="small">
                <span title="Debits / credits / rollbacks">
                  {round.debits} debit{round.debits === 1 ? '' : 's'}, {round.credits} credit{round.credits === 1 ? '' : 's'}
                  {round.rollbacks > 0 ? `, ${round.rollbacks} rollback${round.rollbacks === 1 ? '' : 's'}` : ''}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function TransactionTable({ transactions }: { transactions: DeskTransaction[] }) {
  return (
    <table className="data-table responsive-table casino-report" aria-label="Wallet transactions">
      <thead>
        <tr>
          <th scope="col">Transaction</th>
          <th scope="col">Kind</th>
          <th scope="col">Round</th>
          <th scope="col">Player</th>
          <th scope="col">Wallet</th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col">Answer</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((transaction) => {
          const kind = TX_KIND[transaction.kind];
          return (
            <tr key={transaction._id}>
              <td data-label="Transaction" className="casino-id-cell">
                <span>
                  <code className="casino-id" title={transaction.transactionId}>
                    {transaction.transactionId}
                  </code>
                  <span className="muted small">{formatDateTime(transaction.createdAt)}</span>
                </span>
              </td>
              <td data-label="Kind">
                <span className={`badge ${kind.className}`} title={kind.title}>
                  {kind.label}
                </span>
              </td>
              <td data-label="Round">
                <code className="casino-id" title={transaction.roundId}>
                  {transaction.roundId}
                </code>
              </td>
              <td data-label="Player">
                <Link to={`/users/${transaction.userId}`}>{transaction.username}</Link>
              </td>
              <td data-label="Wallet">
                <WalletLabel wallet={transaction.wallet} />
              </td>
              <td data-label="Amount" className="num">
                {transaction.kind === 'rollback_tombstone' ? <span className="muted">—</span> : <Amount value={signedAmount(transaction)} signed={transaction.amount !== 0} />}
              </td>
              <td data-label="Answer">
                <JournalCell transaction={transaction} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
