import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface FormDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  danger?: boolean;
}

/**
 * A dialog around one form: Enter submits, the buttons sit in the footer, and it cannot be dismissed
 * while the request runs. Mount it only while open, so each use starts from the current values.
 */
export function FormDialog({ title, submitLabel, busy, onSubmit, onClose, children, danger = false }: FormDialogProps) {
  const formId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
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
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="form-stack">
        {children}
      </form>
    </Dialog>
  );
}
