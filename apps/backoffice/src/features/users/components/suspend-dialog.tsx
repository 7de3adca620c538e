import { useState } from 'react';
import type { FormEvent } from 'react';
import { userUpdateRequestSchema } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';

const MAX_REASON_LENGTH = 300;

export interface SuspendDialogProps {
  open: boolean;
  userName: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A suspension always carries a reason: the audit log and the support team need to know why. */
export function SuspendDialog({ open, userName, busy, onConfirm, onClose }: SuspendDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function close() {
    setReason('');
    setError(undefined);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own rule, so the browser and the server refuse the same thing with the same words.
    const parsed = userUpdateRequestSchema.safeParse({ suspended: true, suspendedReason: reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason for the suspension');
      document.getElementById('suspend-reason-form')?.querySelector('textarea')?.focus();
      return;
    }
    onConfirm(parsed.data.suspendedReason ?? reason.trim());
  }

  return (
    <Dialog
      open={open}
      title={`Suspend ${userName}`}
      onClose={close}
      dismissible={!busy}
      footer={
        <>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="suspend-reason-form" variant="danger" busy={busy}>
            Suspend
          </Button>
        </>
      }
    >
      <form id="suspend-reason-form" onSubmit={submit} noValidate>
        <p>The account is logged out everywhere at once and cannot log in, bet or deposit until it is unsuspended.</p>
        <TextAreaField
          label="Reason"
          rows={3}
          required
          maxLength={MAX_REASON_LENGTH}
          value={reason}
          error={error}
          hint={`Shown in the audit log. ${MAX_REASON_LENGTH - reason.length} characters left.`}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
