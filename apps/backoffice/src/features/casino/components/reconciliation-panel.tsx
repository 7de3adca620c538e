import { useState } from 'react';
import { formatPaise, indiaDate, indiaToday } from '@khel/money';
import { Amount } from '../../../components/money/desk-parts';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { HUB88_PROVIDER, useReconcileHub88Day } from '../api/hub88';
import type { DeskProvider, Reconciliation } from '../api/keys';
import { useReconciliation } from '../api/reports';
import { ProviderSelect, useReportFilters } from './report-filters';
import { TextField } from '../../../components/ui/field';

type Problem = Reconciliation['problems'][number];

interface ProblemKind {
  title: string;
  explanation: string;
  /** 'money': the books disagree; 'check': nothing is wrong yet, but someone should look. */
  severity: 'money' | 'check';
}

const PROBLEM_KINDS: Record<string, ProblemKind> = {
  TOTALS_MISMATCH: {
    title: 'Totals differ',
    explanation:
      "Debits minus credits minus rollbacks of the provider's wallet transactions do not equal the net of its house account in the journal.",
    severity: 'money',
  },
  MISSING_JOURNAL: {
    title: 'Wallet transaction without its journal line',
    explanation:
      'We answered this call but no money moved in the journal for it. The player’s balance does not reflect it.',
    severity: 'money',
  },
  AMOUNT_MISMATCH: {
    title: 'Amounts differ',
    explanation:
      'The journal moved a different amount on the provider’s house account than the wallet transaction says.',
    severity: 'money',
  },
  JOURNAL_WITHOUT_TRANSACTION: {
    title: 'Journal line without a wallet transaction',
    explanation: 'Money moved on the provider’s house account with no wallet call behind it.',
    severity: 'money',
  },
  ROUND_OPEN: {
    title: 'Round open for more than 30 minutes',
    explanation:
      'The stake was taken but the provider has neither paid out nor rolled back. Ask the provider to close the round.',
    severity: 'check',
  },
  // Hub88's daily reconciliation: our wallet transactions against the aggregator's transactions report.
  HUB88_AGGREGATOR_ONLY: {
    title: 'Hub88 counts a transaction we never took',
    explanation:
      'The aggregator’s report has a successful bet, win or rollback that never reached our wallet. Ask Hub88 to send it again or to correct its report.',
    severity: 'money',
  },
  HUB88_OURS_ONLY: {
    title: 'We took a transaction Hub88 has no record of',
    explanation: 'Money moved in our wallet for a transaction missing from the aggregator’s report.',
    severity: 'money',
  },
  HUB88_AGGREGATOR_DECLINED: {
    title: 'Hub88 counts as declined a transaction we took',
    explanation:
      'We answered it and moved the money; the aggregator thinks it failed. The round may be rolled back by Hub88 next.',
    severity: 'money',
  },
  HUB88_AGGREGATOR_PENDING: {
    title: 'Hub88 still waits for our answer',
    explanation: 'We took it; the aggregator has not recorded our answer yet and will send it again.',
    severity: 'check',
  },
  HUB88_AMOUNT_DIFFERS: {
    title: 'Amounts differ from Hub88’s report',
    explanation: 'The same transaction moved a different amount in our wallet than the aggregator reports.',
    severity: 'money',
  },
  HUB88_KIND_DIFFERS: {
    title: 'A transaction of another kind in Hub88’s report',
    explanation: 'The same transaction id is a bet on one side and a win or rollback on the other.',
    severity: 'money',
  },
  ROLLBACK_OF_UNKNOWN_DEBIT: {
    title: 'Rollback of a debit we never received',
    explanation:
      'The provider cancelled a stake that never reached us; no money moved, and the debit is refused if it arrives late. Usually harmless; confirm with the provider.',
    severity: 'check',
  },
};

function kindOf(problem: Problem): ProblemKind {
  return (
    PROBLEM_KINDS[problem.kind] ?? {
      title: problem.kind.replace(/_/g, ' ').toLowerCase(),
      explanation: 'Reported by the server as unmatched.',
      severity: 'money',
    }
  );
}

/** The server states amounts in paise ("debit of 1000 paise"); operators read rupees. */
export function readableDetail(detail: string): string {
  return detail.replace(/(-?\d+) paise/g, (_match, paise: string) => formatPaise(Number(paise)));
}

export function ReconciliationPanel({ providers }: { providers: readonly DeskProvider[] }) {
  const { provider, update } = useReportFilters(providers);
  const query = useReconciliation(provider);
  const name = providers.find((item) => item.code === provider)?.name ?? provider;

  return (
    <div className="casino-panel">
      <div className="casino-toolbar">
        <div className="casino-filters">
          <ProviderSelect providers={providers} value={provider} onChange={(code) => update({ provider: code })} />
        </div>
        <div className="casino-toolbar-actions">
          {query.isFetching && query.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
          <Button size="small" onClick={() => void query.refetch()}>
            Check again
          </Button>
        </div>
      </div>
      <p className="muted small">
        Over the provider&apos;s whole history: every wallet transaction against the journal, and anything left
        unmatched.
      </p>
      {provider === HUB88_PROVIDER ? <Hub88DayForm /> : null}
      <PlayMoneyNote>Amounts are play chips with no cash value.</PlayMoneyNote>
      {query.isPending ? (
        <LoadingBlock label="Reconciling…" />
      ) : query.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <ReconciliationResult name={name} result={query.data} />
      )}
    </div>
  );
}

/** Yesterday in India: the latest day that is over. */
function indiaYesterday(): string {
  return indiaDate(new Date(Date.now() - 24 * 60 * 60 * 1000));
}

/**
 * Hub88's daily reconciliation runs by itself once a day is over; an operator runs any past day again
 * here (after the aggregator corrected its report, say). Its differences join the list below.
 */
function Hub88DayForm() {
  const [date, setDate] = useState(indiaYesterday);
  const reconcile = useReconcileHub88Day();
  return (
    <form
      className="casino-filters"
      aria-label="Reconcile a day with Hub88"
      onSubmit={(event) => {
        event.preventDefault();
        reconcile.mutate(date);
      }}
    >
      <TextField
        label="Day against Hub88's report (India time)"
        type="date"
        value={date}
        max={indiaYesterday()}
        onChange={(event) => setDate(event.target.value)}
        required
      />
      <Button type="submit" busy={reconcile.isPending} disabled={date === '' || date >= indiaToday()}>
        Reconcile day
      </Button>
    </form>
  );
}

function ReconciliationResult({ name, result }: { name: string; result: Reconciliation }) {
  const expected = Math.round((result.debits - result.credits - result.rollbacks) * 100) / 100;
  const money = result.problems.filter((problem) => kindOf(problem).severity === 'money').length;
  return (
    <>
      {result.problems.length === 0 ? (
        <div className="casino-matched" role="status">
          <span className="casino-matched-mark" aria-hidden="true">
            ✓
          </span>
          <div>
            <strong>All matched.</strong> Every wallet transaction of {name} has its journal line with the same amount,
            no journal line lacks one, and no round has been left open for more than 30 minutes.
          </div>
        </div>
      ) : (
        <Alert kind={money > 0 ? 'error' : 'warning'}>
          <strong>
            {result.problems.length} unmatched item{result.problems.length === 1 ? '' : 's'}
          </strong>{' '}
          for {name}
          {money > 0 ? `, ${money} where the books disagree.` : ': nothing where the books disagree, but worth a look.'}
        </Alert>
      )}
      <dl className="casino-totals" aria-label="Totals">
        <div>
          <dt>Debits (stakes)</dt>
          <dd>
            <Amount value={result.debits} />
          </dd>
        </div>
        <div>
          <dt>Credits (payouts)</dt>
          <dd>
            <Amount value={result.credits} />
          </dd>
        </div>
        <div>
          <dt>Rollbacks</dt>
          <dd>
            <Amount value={result.rollbacks} />
          </dd>
        </div>
        <div>
          <dt>Expected net</dt>
          <dd>
            <Amount value={expected} />
          </dd>
        </div>
        <div>
          <dt>Journal net (house account)</dt>
          <dd className={expected === result.journalNet ? 'casino-ok' : 'casino-bad'}>
            <Amount value={result.journalNet} />
          </dd>
        </div>
      </dl>
      {result.problems.length === 0 ? null : (
        <ul className="casino-problems" aria-label="Unmatched items">
          {result.problems.map((problem, index) => {
            const kind = kindOf(problem);
            return (
              <li
                key={`${problem.kind}-${problem.transactionId ?? ''}-${problem.roundId ?? ''}-${index}`}
                className={`card casino-problem casino-problem-${kind.severity}`}
              >
                <div className="card-header">
                  <h3 className="casino-problem-title">{kind.title}</h3>
                  <span className={`badge ${kind.severity === 'money' ? 'badge-danger' : 'badge-warning'}`}>
                    {kind.severity === 'money' ? 'Books disagree' : 'To check'}
                  </span>
                </div>
                <p>{kind.explanation}</p>
                <dl className="facts">
                  {problem.transactionId === null ? null : (
                    <>
                      <dt>Transaction</dt>
                      <dd>
                        <code>{problem.transactionId}</code>
                      </dd>
                    </>
                  )}
                  {problem.roundId === null ? null : (
                    <>
                      <dt>Round</dt>
                      <dd>
                        <code>{problem.roundId}</code>
                      </dd>
                    </>
                  )}
                  <dt>Detail</dt>
                  <dd>{readableDetail(problem.detail)}</dd>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
