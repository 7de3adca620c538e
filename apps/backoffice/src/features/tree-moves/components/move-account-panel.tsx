import { useState } from 'react';
import type { FormEvent } from 'react';
import { ROLES, ROLE_NAMES, treeMoveRequestSchema } from '@khel/contract';
import type { BackofficeUser, RoleId } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { useRequestMove, useUplineCandidates } from '../api/tree-moves';

/** The roles that may hold a moved account below them: the director and the agents (the server checks the fit). */
const UPLINE_ROLES: readonly number[] = [ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT];
const MOVABLE: readonly number[] = [ROLES.AGENT, ROLES.CREDIT_AGENT, ROLES.PLAYER, ROLES.CREDIT_PLAYER];

function MoveDialog({ user, onClose }: { user: BackofficeUser; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [uplineId, setUplineId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useUplineCandidates(search);
  const ask = useRequestMove(user._id);
  const options = (candidates.data ?? []).filter(
    (candidate) =>
      UPLINE_ROLES.includes(candidate.role) && candidate._id !== user._id && candidate._id !== user.uplineId,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = treeMoveRequestSchema.safeParse({ uplineId, reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setProblem(null);
    ask.mutate(parsed.data, { onSuccess: onClose });
  }

  return (
    <Dialog open title={`Move ${user.name || user.username}`} onClose={onClose} dismissible={!ask.isPending}>
      <form onSubmit={submit} noValidate aria-label="Move to another upline">
        <p className="muted">
          The account moves with everything below it. A second operator confirms; the weekly statements follow the new
          upline from the next India week, and this week&apos;s stay with the current one.
        </p>
        <TextField
          label="Find the new upline"
          value={search}
          hint="Username, name or mobile: at least 2 characters"
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField label="New upline" value={uplineId} onChange={(event) => setUplineId(event.target.value)}>
          <option value="">{options.length === 0 ? 'No matching agent' : 'Choose…'}</option>
          {options.map((option) => (
            <option key={option._id} value={option._id}>
              {option.name || option.username} · {ROLE_NAMES[option.role as RoleId] ?? ''}
            </option>
          ))}
        </SelectField>
        <TextField label="Reason" value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
        {problem !== null ? <Alert>{problem}</Alert> : null}
        {ask.isError ? <Alert>{errorMessage(ask.error)}</Alert> : null}
        <div className="list-actions">
          <Button onClick={onClose} disabled={ask.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={ask.isPending}>
            Ask to move
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** On an agent's or a player's page, for a director: move it (and its subtree) under another upline (decision 0066). */
export function MoveAccountPanel({ user }: { user: BackofficeUser }) {
  const me = useProfile().data;
  const [open, setOpen] = useState(false);
  if (me?.role !== ROLES.DIRECTOR || me._id === user._id || !MOVABLE.includes(user.role)) return null;
  return (
    <section className="card" aria-labelledby="move-title">
      <h2 id="move-title">Place in the tree</h2>
      <p className="muted">Move this account and its whole downline under another agent. A second operator confirms.</p>
      <Button onClick={() => setOpen(true)}>Move to another upline</Button>
      {open ? <MoveDialog user={user} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
