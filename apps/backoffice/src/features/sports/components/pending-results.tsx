import { useState } from 'react';
import { rejectResultSchema } from '@khel/contract';
import type { PendingResult } from '@khel/contract';
import { SelfServiceNote } from '../../../components/money/desk-parts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Switch } from '../../../components/ui/switch';
import { isDirector, useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import {
  useConfirmResult,
  useDeskSettings,
  usePendingResults,
  useRejectResult,
  useUpdateDeskSettings,
} from '../api/results';

/**
 * Maker-checker for results (issue 9): a declared result (when the desk asks for it) or a correction
 * waits here until a different operator confirms it (settlement runs then) or rejects it. The operator
 * who declared it sees it but cannot decide it; the server refuses that too.
 */

function kindLabel(pending: PendingResult): string {
  return pending.kind === 'settle'
    ? 'Result declared'
    : pending.kind === 'void'
      ? 'Void declared'
      : pending.kind === 'void_bets'
        ? 'Bet void declared'
        : 'Correction requested';
}

function PendingResultActions({ pending }: { pending: PendingResult }) {
  const me = useProfile().data?._id;
  const confirm = useConfirmResult();
  const reject = useRejectResult();
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  const where = `${pending.eventName} / ${pending.marketName}`;
  if (pending.declaredBy === me) {
    return (
      <span className="stacked">
        <span className="muted small">You declared it; another operator must confirm or reject it.</span>
        <SelfServiceNote />
      </span>
    );
  }
  return (
    <>
      <span className="button-row desk-actions">
        <Button
          size="small"
          variant="primary"
          onClick={() => setDialog('confirm')}
          aria-label={`Confirm the result of ${where}`}
        >
          Confirm
        </Button>
        <Button
          size="small"
          variant="danger"
          onClick={() => setDialog('reject')}
          aria-label={`Reject the result of ${where}`}
        >
          Reject
        </Button>
      </span>
      <ConfirmDialog
        open={dialog === 'confirm'}
        title={`Confirm the result of ${pending.marketName}`}
        confirmLabel="Confirm result"
        busy={confirm.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => confirm.mutate(pending.marketId, { onSettled: () => setDialog(null) })}
      >
        <p>
          {pending.kind === 'settle' ? (
            <>
              Settle {where} with <strong>{pending.result}</strong>: every matched bet settles now, in one transaction.
            </>
          ) : pending.kind === 'void' ? (
            <>Void {where}: every bet on it is returned now, in one transaction.</>
          ) : pending.kind === 'void_bets' ? (
            <>
              {pending.result} on {where}: their stakes come back (a settled bet&apos;s settlement is reversed with new
              journal entries), the rest of the market stands.
            </>
          ) : (
            <>
              Correct {where} from <strong>{pending.previousResult}</strong> to <strong>{pending.result}</strong>: the
              earlier settlement is reversed with new journal entries and every bet settles again.
            </>
          )}
        </p>
        <p className="muted small">
          Declared by {pending.declaredByName} at {formatDateTime(pending.declaredAt)}
          {pending.reason !== null ? `, because: ${pending.reason}` : ''}.
        </p>
      </ConfirmDialog>
      {dialog === 'reject' ? (
        <ReasonDialog
          title={`Reject the result of ${pending.marketName}`}
          confirmLabel="Reject result"
          busy={reject.isPending}
          maxLength={200}
          hint="The audit log keeps this reason; nothing moves."
          validate={(reason) => {
            const parsed = rejectResultSchema.safeParse({ reason });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
          }}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            reject.mutate({ marketId: pending.marketId, reason }, { onSettled: () => setDialog(null) })
          }
        />
      ) : null}
    </>
  );
}

function PendingResultFacts({ pending }: { pending: PendingResult }) {
  return (
    <span className="stacked">
      <span>
        <span className="badge badge-warning">{kindLabel(pending)}</span> <strong>{pending.result}</strong>
        {pending.previousResult !== null ? <span className="muted"> (was {pending.previousResult})</span> : null}
      </span>
      {pending.reason !== null ? <q className="small">{pending.reason}</q> : null}
      <span className="muted small">
        By {pending.declaredByName}, <time dateTime={pending.declaredAt}>{formatDateTime(pending.declaredAt)}</time>
      </span>
    </span>
  );
}

/** On the sports page: every result waiting for a second operator. Hidden while there is none. */
export function PendingResultsPanel() {
  const pending = usePendingResults();
  if (pending.data === undefined || pending.data.length === 0) return null;
  return (
    <section className="card pending-results" aria-labelledby="pending-results-title">
      <h2 id="pending-results-title">Results waiting for a second operator ({pending.data.length})</h2>
      <ul className="pending-results-list">
        {pending.data.map((row) => (
          <li key={row._id} data-market-id={row.marketId}>
            <span className="stacked">
              <strong>
                {row.eventName} / {row.marketName}
              </strong>
              <PendingResultFacts pending={row} />
            </span>
            <PendingResultActions pending={row} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On a market's page: its waiting result, if any. */
export function PendingResultCard({ marketId }: { marketId: string }) {
  const pending = usePendingResults();
  const row = pending.data?.find((candidate) => candidate.marketId === marketId);
  if (row === undefined) return null;
  return (
    <section className="card pending-results" aria-labelledby="pending-result-title">
      <h2 id="pending-result-title">Waiting for a second operator</h2>
      <div className="pending-result-row">
        <PendingResultFacts pending={row} />
        <PendingResultActions pending={row} />
      </div>
    </section>
  );
}

/** Whether a waiting result exists for the market (the page hides Declare result meanwhile). */
export function useHasPendingResult(marketId: string): boolean {
  return usePendingResults().data?.some((row) => row.marketId === marketId) ?? false;
}

/** The director's switch: declared results wait for a second operator before settlement runs. */
export function ResultConfirmationSwitch() {
  const profile = useProfile();
  const settings = useDeskSettings();
  const update = useUpdateDeskSettings();
  if (settings.data === undefined) return null;
  const director = isDirector(profile.data);
  return (
    <div className="card desk-settings">
      <Switch
        label="Results need a second operator"
        description={
          director
            ? 'A declared result waits until another operator confirms it; corrections always do.'
            : 'Only a director changes this. Corrections of settled results always need a second operator.'
        }
        // Shows the new value while it is being saved; a refusal puts the saved one back.
        checked={update.isPending ? update.variables.resultsNeedConfirmation : settings.data.resultsNeedConfirmation}
        disabled={!director}
        busy={update.isPending}
        onChange={(checked) => update.mutate({ resultsNeedConfirmation: checked })}
      />
    </div>
  );
}
