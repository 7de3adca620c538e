import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { changePasswordRequestSchema } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { logout } from '../../../lib/auth/logout';
import { usePasswordChangeRequired } from '../../../lib/auth/password-change-gate';
import { startSession } from '../../../lib/auth/session';
import { toast } from '../../../lib/toast';

type Field = 'old_password' | 'password' | 'confirm_password';

/**
 * An operator's or agent's own password (decision 0050): by choice from the header, or forced when an
 * upline chose the current one. Every session ends with the change; this screen carries on with the
 * new token, which passes the second factor again like any sign-in.
 */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const forced = usePasswordChangeRequired();
  const [values, setValues] = useState<Record<Field, string>>({ old_password: '', password: '', confirm_password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await apiRequest<null>('/change_password', { method: 'POST', body: parsed.data });
      if (typeof answer.meta.token === 'string') startSession(answer.meta.token);
      toast.success(answer.message);
      void navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        if (errors[name] !== undefined) setErrors({ ...errors, [name]: undefined });
      }}
    />
  );

  return (
    <main className="login-page">
      <div className="login-card">
        <h1>Change your password</h1>
        {forced ? (
          <p>Your upline chose the password you signed in with. Choose one of your own to open the back office.</p>
        ) : null}
        {failure !== null ? <Alert>{failure}</Alert> : null}
        <form onSubmit={(event) => void submit(event)} noValidate>
          {field('old_password', 'Current password', 'current-password')}
          {field('password', 'New password', 'new-password')}
          {field('confirm_password', 'Confirm new password', 'new-password')}
          <Button type="submit" variant="primary" busy={busy}>
            Change password
          </Button>
        </form>
        <p className="second-factor-footer">
          {forced ? (
            <Button size="small" variant="ghost" onClick={() => void logout()}>
              Log out
            </Button>
          ) : (
            <Button size="small" variant="ghost" onClick={() => void navigate(-1)}>
              Back
            </Button>
          )}
        </p>
      </div>
    </main>
  );
}
