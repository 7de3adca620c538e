import { useState } from 'react';
import type { FormEvent } from 'react';
import { passwordResetByOperatorRequestSchema } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { fieldErrors, serverErrors } from '../../../lib/field-errors';
import type { FieldErrors } from '../../../lib/field-errors';
import { useResetPassword } from '../api/downline';

/** A new password for an account below the caller; the account's sessions end (the server decides who may). */
export function ResetPassword({ userId }: { userId: string }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword(userId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetByOperatorRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    reset.mutate(parsed.data.password, {
      onSuccess: () => setPassword(''),
      onError: (error) => setErrors(serverErrors(error, ['password'])),
    });
  }

  return (
    <section className="card" aria-labelledby={`reset-password-${userId}`}>
      <h2 id={`reset-password-${userId}`}>Reset password</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          hint="At least 8 characters; the account is signed out everywhere"
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" busy={reset.isPending}>
          Set new password
        </Button>
      </form>
    </section>
  );
}
