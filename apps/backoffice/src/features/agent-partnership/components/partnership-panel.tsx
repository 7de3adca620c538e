import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAgentRates, useSetAgentRates } from '../api/agent-partnership';

/** An agent's partnership and commission, set by its upline (decision 0020). */
export function PartnershipPanel({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const rates = useAgentRates(userId);
  const save = useSetAgentRates(userId);
  const [draft, setDraft] = useState<{ partnership: string; commission: string; sessionCommission: string } | null>(
    null,
  );

  if (rates.isPending) return <LoadingBlock label="Loading partnership…" />;
  if (rates.isError) return <Alert>{errorMessage(rates.error)}</Alert>;
  const current = rates.data;
  const values = draft ?? {
    partnership: String(current.partnership),
    commission: String(current.commission),
    sessionCommission: String(current.sessionCommission),
  };
  const issue = (field: string) =>
    save.error !== null && 'issueFor' in save.error
      ? (save.error as { issueFor(path: string): string | undefined }).issueFor(field)
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        partnership: Number(values.partnership),
        commission: Number(values.commission),
        sessionCommission: Number(values.sessionCommission),
      },
      { onSuccess: () => setDraft(null) },
    );
  }

  return (
    <section className="card" aria-labelledby="partnership-title">
      <h2 id="partnership-title">Partnership and commission</h2>
      <p className="muted">
        The agent&apos;s share of its downline&apos;s P&amp;L (the rest goes up the tree) and its part of the commission
        on the downline&apos;s exchange net winnings; session commission is paid to it on its downline&apos;s fancy and
        bookmaker turnover (settled stakes). Never above the upline&apos;s own: {current.uplinePartnership} %,{' '}
        {current.uplineCommission} % and {current.uplineSessionCommission} %.
      </p>
      <form onSubmit={submit} noValidate aria-label="Partnership and commission">
        <TextField
          label="Partnership (%)"
          inputMode="decimal"
          value={values.partnership}
          disabled={!canEdit || save.isPending}
          error={issue('partnership')}
          hint={`At most ${current.uplinePartnership} %`}
          onChange={(event) => setDraft({ ...values, partnership: event.target.value })}
        />
        <TextField
          label="Commission (%)"
          inputMode="decimal"
          value={values.commission}
          disabled={!canEdit || save.isPending}
          error={issue('commission')}
          hint={`At most ${current.uplineCommission} %`}
          onChange={(event) => setDraft({ ...values, commission: event.target.value })}
        />
        <TextField
          label="Session commission rate (%)"
          inputMode="decimal"
          value={values.sessionCommission}
          disabled={!canEdit || save.isPending}
          error={issue('sessionCommission')}
          hint={`On fancy and bookmaker turnover, at most ${current.uplineSessionCommission} %`}
          onChange={(event) => setDraft({ ...values, sessionCommission: event.target.value })}
        />
        {save.isError &&
        issue('partnership') === undefined &&
        issue('commission') === undefined &&
        issue('sessionCommission') === undefined ? (
          <Alert>{errorMessage(save.error)}</Alert>
        ) : null}
        {canEdit ? (
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save partnership
          </Button>
        ) : null}
      </form>
      {current.effectiveFrom !== null ? (
        <p data-testid="rates-pending">
          In force this week: {current.inForce.partnership} % and {current.inForce.commission} %, session{' '}
          {current.inForce.sessionCommission} %. The rates above take effect from the week starting{' '}
          {current.effectiveFrom} (India time); this week&apos;s statement keeps the old ones.
        </p>
      ) : (
        <p className="muted small">
          A change takes effect from the next India week (Monday); this week keeps its rates.
        </p>
      )}
      {current.updatedAt !== null ? <p className="muted">Last set {formatDateTime(current.updatedAt)}</p> : null}
    </section>
  );
}
