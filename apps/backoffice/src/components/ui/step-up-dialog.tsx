import { useState } from 'react';
import type { FormEvent } from 'react';
import { STEP_UP_PATH } from '../../lib/api-client';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { finishStepUp, useStepUpOpen } from '../../lib/auth/step-up-gate';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './field';

const FORM_ID = 'step-up-form';

/**
 * The one step-up dialog (decision 0049): mounted once by the providers, opened by the api client when
 * a money call is refused STEP_UP_REQUIRED. A wrong or reused code is shown and the dialog stays.
 */
export function StepUpDialog() {
  const isOpen = useStepUpOpen();
  return isOpen ? <StepUpForm /> : null;
}

function StepUpForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const compact = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(compact)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    try {
      await apiRequest(STEP_UP_PATH, { method: 'POST', body: { code: compact } });
      finishStepUp(true);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title="Confirm with your authenticator"
      onClose={() => finishStepUp(false)}
      dismissible={!busy}
      footer={
        <>
          <Button onClick={() => finishStepUp(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" busy={busy}>
            Confirm
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
        <p>Money actions need a fresh code from your authenticator app. One code covers the next 5 minutes.</p>
        <TextField
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={error ?? undefined}
          onChange={(event) => {
            setCode(event.target.value);
            if (error !== null) setError(null);
          }}
        />
      </form>
    </Dialog>
  );
}
