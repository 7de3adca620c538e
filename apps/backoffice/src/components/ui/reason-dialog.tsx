import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './field';

export interface ReasonDialogProps {
  title: string;
  confirmLabel: string;
  busy: boolean;
  /** Checks the reason (the contract's schema, usually); answers the message to show, or null. */
  validate: (reason: string) => string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  children?: ReactNode;
  maxLength?: number;
  hint?: string;
}

/**
 * A refusal that must say why: the reason is required, checked before anything travels, and the
 * dialog cannot be dismissed while the request runs. Mount it only while open, so each use starts empty.
 */
export function ReasonDialog({
  title,
  confirmLabel,
  busy,
  validate,
  onConfirm,
  onClose,
  children,
  maxLength = 300,
  hint = 'The player and the audit log see this reason.',
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = `reason-form-${title.replace(/\W+/g, '-').toLowerCase()}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate(reason);
    if (problem !== null) {
      setError(problem);
      document.getElementById(formId)?.querySelector('textarea')?.focus();
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        {children}
        <TextAreaField
          label="Reason"
          rows={3}
          required
          maxLength={maxLength}
          value={reason}
          error={error ?? undefined}
          hint={`${hint} ${maxLength - reason.length} characters left.`}
          onChange={(event) => {
            setReason(event.target.value);
            if (error !== null) setError(null);
          }}
        />
      </form>
    </Dialog>
  );
}
