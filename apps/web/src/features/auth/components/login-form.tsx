import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, isValidMobileNo } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { composeMobileNo, EMPTY_PHONE, PhoneField, type PhoneValue } from '../../../components/ui/phone-field';
import { landingPath } from '../../../lib/auth/permissions';
import { startSession } from '../../../lib/auth/session';
import { navigateTo } from '../../../lib/navigation';
import { useLogin } from '../api/login';
import { focusFirstInvalid, type FieldErrors } from '../hooks/form-errors';
import { openForgotPassword, openSignUp, openVerifyOtp } from '../hooks/use-auth-modal';
import { msg, useT } from '../../../lib/i18n/i18n';

type Field = 'mobile_no' | 'username' | 'password';
type Method = 'mobile' | 'username';

/**
 * Login with mobile number or username (PRODUCT.md §3). Success sends the player to their landing page
 * (spec §4: /slots, else /, else /live-casino, or /no-access). An unverified phone gets a fresh OTP
 * from the server and the Verify Otp dialog here.
 */
export function LoginForm() {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [method, setMethod] = useState<Method>('mobile');
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const login = useLogin();

  const validate = (): FieldErrors<Field> => {
    const found: FieldErrors<Field> = {};
    if (method === 'mobile') {
      const mobileNo = composeMobileNo(phone);
      if (mobileNo === '') found.mobile_no = MESSAGES.mobileRequired;
      else if (!isValidMobileNo(mobileNo)) found.mobile_no = MESSAGES.mobileInvalid;
    } else if (username.trim() === '') {
      found.username = msg('Username is required');
    }
    if (password === '') found.password = MESSAGES.passwordRequired;
    return found;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const mobileNo = composeMobileNo(phone);
    const body = method === 'mobile' ? { mobile_no: mobileNo, password } : { username: username.trim(), password };
    try {
      const envelope = await login.mutateAsync(body);
      if (envelope.meta.code === 200 && envelope.meta.token && envelope.data) {
        startSession(envelope.meta.token, envelope.data);
        navigateTo(landingPath(envelope.data));
      } else if (envelope.meta.error === 'PHONE_NOT_VERIFIED') {
        const target = envelope.data?.mobile_no ?? (method === 'mobile' ? mobileNo : '');
        if (target) openVerifyOtp(target);
      }
    } catch {
      // Transport failure: toasted by the API client.
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} data-testid="login-form">
      <div className="segmented" role="group" aria-label={t('Log in with')}>
        <button type="button" aria-pressed={method === 'mobile'} onClick={() => setMethod('mobile')}>
          {t('Mobile No')}
        </button>
        <button type="button" aria-pressed={method === 'username'} onClick={() => setMethod('username')}>
          {t('Username')}
        </button>
      </div>
      {method === 'mobile' ? (
        <PhoneField id={`${id}-mobile`} value={phone} error={errors.mobile_no} onChange={setPhone} />
      ) : (
        <TextField
          id={`${id}-username`}
          label={t('Username')}
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          error={errors.username}
          onChange={(event) => setUsername(event.target.value)}
        />
      )}
      <PasswordField
        id={`${id}-password`}
        label={t('Password')}
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="form__row form__row--end">
        <button type="button" className="link-button" onClick={openForgotPassword}>
          {t('Forgot password?')}
        </button>
      </div>
      <Button type="submit" block loading={login.isPending} loadingLabel={t('Logging in…')}>
        {t('Login')}
      </Button>
      <p className="form__footer">
        {t('New here?')}{' '}
        <button type="button" className="link-button" onClick={() => openSignUp()}>
          {t('Sign up')}
        </button>
      </p>
    </form>
  );
}
