import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PhoneField, isValidPhone, toMobileNo } from '../../../components/ui/phone-field';
import type { PhoneValue } from '../../../components/ui/phone-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { useToken } from '../../../lib/auth/session';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';

interface FieldErrors {
  mobile_no?: string;
  password?: string;
}

/** Where a guard sent the operator from, so login returns them there. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/users';
}

export function LoginPage() {
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useAppSettings();
  const login = useLogin();
  const [phone, setPhone] = useState<PhoneValue>({ country: 'in', national: '' });
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  if (token !== null && !login.isPending) return <Navigate to={returnPath(location.state)} replace />;

  function focusFirstInvalid() {
    // After React paints the error state, move focus to the first field that needs attention.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = {};
    if (phone.national.trim() === '') next.mobile_no = MESSAGES.mobileRequired;
    else if (!isValidPhone(phone)) next.mobile_no = MESSAGES.mobileInvalid;
    if (password === '') next.password = MESSAGES.passwordRequired;
    setErrors(next);
    login.reset();
    if (Object.keys(next).length > 0) {
      focusFirstInvalid();
      return;
    }
    login.mutate(
      { mobile_no: toMobileNo(phone), password },
      {
        onSuccess: (profile) => {
          toast.success(`Welcome, ${profile.name}`);
          void navigate(returnPath(location.state), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            setErrors({ mobile_no: error.issueFor('mobile_no'), password: error.issueFor('password') });
            focusFirstInvalid();
          }
        },
      },
    );
  }

  const siteName = settings.data?.siteName ?? '';
  const logo = settings.data?.logoImg ?? '';

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={onSubmit} noValidate ref={formRef} aria-labelledby="login-title">
        <div className="login-brand">
          {logo === '' ? null : <img src={logo} alt="" className="login-logo" />}
          <div>
            <h1 id="login-title">Back office</h1>
            {siteName === '' ? null : <p className="muted">{siteName} operators only</p>}
          </div>
        </div>
        {login.isError ? <Alert>{errorMessage(login.error)}</Alert> : null}
        <PhoneField
          value={phone}
          autoFocus
          error={errors.mobile_no}
          onChange={(value) => {
            setPhone(value);
            if (errors.mobile_no) setErrors({ ...errors, mobile_no: undefined });
          }}
        />
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors({ ...errors, password: undefined });
          }}
        />
        <label className="checkbox-row">
          <input type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />{' '}
          Show password
        </label>
        <Button type="submit" variant="primary" busy={login.isPending} className="btn-block">
          Log in
        </Button>
      </form>
    </main>
  );
}
