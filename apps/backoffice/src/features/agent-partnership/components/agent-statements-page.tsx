import { useState } from 'react';
import { Link } from 'react-router';
import { ROLES } from '@khel/contract';
import type { AgentStatement } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { TextField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import { useAgentStatements, useSettleStatement } from '../api/agent-partnership';

/** The week's statements as a CSV file, figures in rupees from the house's side. */
const STATEMENTS_CSV: CsvColumn<AgentStatement>[] = [
  { header: 'Agent', csv: (row) => row.agentName },
  { header: 'Week start', csv: (row) => row.weekStart },
  { header: 'Week end', csv: (row) => row.weekEnd },
  { header: 'Partnership %', csv: (row) => row.partnership },
  { header: 'Commission %', csv: (row) => row.commissionRate },
  { header: 'Sports P&L', csv: (row) => row.sportsPnl },
  { header: 'Casino P&L', csv: (row) => row.casinoPnl },
  { header: 'Downline P&L', csv: (row) => row.downlinePnl },
  { header: "Agent's share", csv: (row) => row.agentShare },
  { header: "Upline's share", csv: (row) => row.uplineShare },
  { header: 'Commission', csv: (row) => row.commission },
  { header: 'Session turnover', csv: (row) => row.sessionTurnover },
  { header: 'Session commission %', csv: (row) => row.sessionCommissionRate },
  { header: 'Session commission', csv: (row) => row.sessionCommission },
  { header: 'Settled', csv: (row) => row.settled?.at ?? null },
];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Today's India date, YYYY-MM-DD. */
function indiaToday(): string {
  return new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 10);
}
function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
const money = (rupees: number) => formatRupees(rupees);

/**
 * The weekly agent statement (India-time weeks, Monday to Sunday): an agent sees its own and its
 * direct downline agents'; the director sees every agent's. The upline marks a finished week settled.
 */
export function AgentStatementsPage() {
  const profile = useProfile();
  const [week, setWeek] = useState(indiaToday);
  const statements = useAgentStatements(week);
  const settle = useSettleStatement(week);
  const [confirming, setConfirming] = useState<AgentStatement | null>(null);
  const me = profile.data;
  const siteRole = me?.role === ROLES.DIRECTOR || me?.role === ROLES.SUPPORT_ADMIN;
  const weekOver = statements.data !== undefined && shiftDays(statements.data.weekEnd, 1) <= indiaToday();
  const maySettle = (row: AgentStatement) =>
    row.settled === null && weekOver && row.agentId !== me?._id && (siteRole || row.uplineId === me?._id);

  return (
    <section className="page" aria-labelledby="agent-statements-title">
      <header className="page-header">
        <h1 id="agent-statements-title">Agent statements</h1>
      </header>
      <div className="toolbar">
        <Button onClick={() => setWeek(shiftDays(statements.data?.weekStart ?? week, -7))}>Previous week</Button>
        <TextField
          label="Any day of the week"
          type="date"
          value={week}
          onChange={(event) => event.target.value !== '' && setWeek(event.target.value)}
        />
        <Button onClick={() => setWeek(shiftDays(statements.data?.weekStart ?? week, 7))}>Next week</Button>
      </div>
      {statements.isPending ? (
        <LoadingBlock label="Loading statements…" />
      ) : statements.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void statements.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(statements.error)}
        </Alert>
      ) : (
        <>
          <p className="muted">
            Week {statements.data.weekStart} to {statements.data.weekEnd} (India time). P&amp;L is the downline&apos;s
            from the house&apos;s side: positive when the downline lost.
          </p>
          {statements.data.items.length === 0 ? (
            <EmptyState title="No agents to show" />
          ) : (
            <>
              <div className="list-actions">
                <CsvButton
                  columns={STATEMENTS_CSV}
                  rows={statements.data.items}
                  fileName={`agent-statements-${statements.data.weekStart}.csv`}
                />
              </div>
              <table className="data-table responsive-table" aria-label="Agent statements">
                <thead>
                  <tr>
                    <th scope="col">Agent</th>
                    <th scope="col" className="num">
                      Sports P&amp;L
                    </th>
                    <th scope="col" className="num">
                      Casino P&amp;L
                    </th>
                    <th scope="col" className="num">
                      Downline P&amp;L
                    </th>
                    <th scope="col" className="num">
                      Agent&apos;s share
                    </th>
                    <th scope="col" className="num">
                      Upline&apos;s share
                    </th>
                    <th scope="col" className="num">
                      Commission
                    </th>
                    <th scope="col" className="num">
                      Session commission
                    </th>
                    <th scope="col">Settled</th>
                  </tr>
                </thead>
                <tbody>
                  {statements.data.items.map((row) => (
                    <tr key={row.agentId}>
                      <td data-label="Agent">
                        {row.agentId === me?._id ? (
                          <strong>{row.agentName} (you)</strong>
                        ) : (
                          <Link to={`/users/${row.agentId}`}>{row.agentName}</Link>
                        )}
                        <br />
                        <span className="muted">
                          {row.partnership} % · {row.commissionRate} %
                        </span>
                      </td>
                      <td data-label="Sports P&L" className="num">
                        {money(row.sportsPnl)}
                      </td>
                      <td data-label="Casino P&L" className="num">
                        {money(row.casinoPnl)}
                      </td>
                      <td data-label="Downline P&L" className="num">
                        {money(row.downlinePnl)}
                      </td>
                      <td data-label="Agent's share" className="num">
                        {money(row.agentShare)}
                      </td>
                      <td data-label="Upline's share" className="num">
                        {money(row.uplineShare)}
                      </td>
                      <td data-label="Commission" className="num">
                        {money(row.commission)}
                      </td>
                      <td data-label="Session commission" className="num">
                        {money(row.sessionCommission)}
                        <br />
                        <span className="muted small">
                          {row.sessionCommissionRate} % of {money(row.sessionTurnover)}
                        </span>
                      </td>
                      <td data-label="Settled">
                        {row.settled !== null ? (
                          <span className="badge">Settled {formatDateTime(row.settled.at)}</span>
                        ) : maySettle(row) ? (
                          <Button size="small" variant="primary" onClick={() => setConfirming(row)}>
                            Mark {row.agentName} settled
                          </Button>
                        ) : (
                          <span className="muted">{weekOver ? 'Open' : 'Week running'}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Mark ${confirming?.agentName ?? ''} settled`}
        confirmLabel="Mark settled"
        busy={settle.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === null) return;
          settle.mutate(
            { agentId: confirming.agentId, weekStart: confirming.weekStart },
            { onSuccess: () => setConfirming(null) },
          );
        }}
      >
        <p>
          Upline&apos;s share {money(confirming?.uplineShare ?? 0)}, commission {money(confirming?.commission ?? 0)},
          session commission {money(confirming?.sessionCommission ?? 0)} for the week {confirming?.weekStart} to{' '}
          {confirming?.weekEnd}. The figures are kept as they are now.
        </p>
      </ConfirmDialog>
    </section>
  );
}
