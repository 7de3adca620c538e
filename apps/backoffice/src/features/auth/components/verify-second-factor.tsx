import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SECOND_FACTOR_MESSAGES } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useVerifySecondFactor } from '../api/second-factor';
import { CodeField } from './code-field';

/** The code step of an enrolled operator's sign-in: a TOTP code, or one of the recovery codes. */
export function VerifySecondFactor({ returnPath }: { returnPath: string }) {
  const verify = useVerifySecondFactor();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(SECOND_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setError(undefined);
    verify.mutate(code.trim(), {
      onSuccess: (result) => {
        if (result.method === 'recovery_code') {
          toast.info(`Recovery code used: ${result.recoveryCodesLeft} left`);
        }
        void navigate(returnPath, { replace: true });
      },
      onError: () => setCode(''),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="verify-title">
      <h1 id="verify-title">Two-step sign-in</h1>
      <p className="muted">Open your authenticator app and enter the code it shows for this back office.</p>
      {verify.isError ? <Alert>{errorMessage(verify.error)}</Alert> : null}
      <CodeField
        label="Code from your authenticator app"
        hint="Lost your phone? Enter one of your recovery codes instead."
        value={code}
        error={error}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="primary" busy={verify.isPending} className="btn-block">
        Verify
      </Button>
    </form>
  );
}
