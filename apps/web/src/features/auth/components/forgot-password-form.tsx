import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, isValidMobileNo, resetPasswordRequestSchema } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { composeMobileNo, EMPTY_PHONE, PhoneField, type PhoneValue } from '../../../components/ui/phone-field';
import { navigateTo } from '../../../lib/navigation';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { collectErrors, focusFirstInvalid, serverFieldErrors, type FieldErrors } from '../hooks/form-errors';
import { emptyOtp, OtpInput } from './otp-input';
import { ResendOtp } from './resend-otp';
import { formatMobileNo } from './verify-otp-form';
import { rich } from '../../../lib/i18n/rich';
import { useT } from '../../../lib/i18n/i18n';

const RESET_FIELDS = ['otp', 'password', 'confirm_password'] as const;
type ResetField = (typeof RESET_FIELDS)[number];

/**
 * Forgot Password, made to work (PRODUCT.md §3, §6): the phone number first, then the OTP with the new
 * password. The first answer is the same whether or not the number is registered.
 */
export function ForgotPasswordForm({ onDone }: { onDone?: () => void }) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [phoneError, setPhoneError] = useState<string>();
  const [otp, setOtp] = useState(emptyOtp);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const mobileNo = composeMobileNo(phone);

  const onRequest = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error =
      mobileNo === '' ? MESSAGES.mobileRequired : isValidMobileNo(mobileNo) ? undefined : MESSAGES.mobileInvalid;
    setPhoneError(error);
    if (error) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      const envelope = await forgot.mutateAsync({ mobile_no: mobileNo });
      if (envelope.meta.code === 200) setStep('reset');
    } catch {
      // Toasted by the API client.
    }
  };

  const validateReset = (): FieldErrors<ResetField> => {
    const result = resetPasswordRequestSchema.safeParse({
      mobile_no: mobileNo,
      otp: otp.join(''),
      password,
      confirm_password: confirm,
    });
    const found = result.success ? {} : collectErrors(result.error.issues, RESET_FIELDS);
    if (!found.confirm_password && password !== '' && confirm !== '' && password !== confirm)
      found.confirm_password = MESSAGES.passwordsDoNotMatch;
    return found;
  };

  const onReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateReset();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      const envelope = await reset.mutateAsync({
        mobile_no: mobileNo,
        otp: otp.join(''),
        password,
        confirm_password: confirm,
      });
      if (envelope.meta.code === 200) {
        onDone?.();
        navigateTo('/login');
      } else {
        setErrors(serverFieldErrors(envelope.meta, RESET_FIELDS));
      }
    } catch {
      // Toasted by the API client.
    }
  };

  if (step === 'request') {
    return (
      <form ref={formRef} className="form" noValidate onSubmit={onRequest} data-testid="forgot-password-form">
        <p className="form__intro">
          {t('Enter your mobile number and we will send you a code to set a new password.')}
        </p>
        <PhoneField id={`${id}-mobile`} value={phone} error={phoneError} onChange={setPhone} />
        <Button type="submit" block loading={forgot.isPending} loadingLabel={t('Sending…')}>
          {t('Send OTP')}
        </Button>
      </form>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onReset} data-testid="reset-password-form">
      <p className="form__intro">
        {rich(t('Enter the code sent to {mobile} and choose a new password.'), {
          mobile: <strong>{formatMobileNo(mobileNo)}</strong>,
        })}
      </p>
      <OtpInput idPrefix={`${id}-otp`} value={otp} onChange={setOtp} error={errors.otp} />
      <div className="form__row form__row--between">
        <button type="button" className="link-button" onClick={() => setStep('request')}>
          {t('Change number')}
        </button>
        <ResendOtp onResend={() => forgot.mutate({ mobile_no: mobileNo })} />
      </div>
      <PasswordField
        id={`${id}-password`}
        label={t('New Password')}
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t('Confirm Password')}
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm_password}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <Button type="submit" block loading={reset.isPending} loadingLabel={t('Saving…')}>
        {t('Reset Password')}
      </Button>
    </form>
  );
}
