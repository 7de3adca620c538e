import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, PHONE_COUNTRIES } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { startSession } from '../../../lib/auth/session';
import { navigateTo } from '../../../lib/navigation';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { focusFirstInvalid } from '../hooks/form-errors';
import { emptyOtp, OtpInput } from './otp-input';
import { ResendOtp } from './resend-otp';
import { rich } from '../../../lib/i18n/rich';
import { useT } from '../../../lib/i18n/i18n';

/** +91 99999 00001: the number the code went to, readable at a glance. */
export function formatMobileNo(mobileNo: string): string {
  const country = PHONE_COUNTRIES.find(
    (entry) => mobileNo.startsWith(entry.dialCode) && mobileNo.length === entry.dialCode.length + 10,
  );
  if (!country) return `+${mobileNo}`;
  const national = mobileNo.slice(country.dialCode.length);
  return `+${country.dialCode} ${national.slice(0, 5)} ${national.slice(5)}`;
}

/**
 * Verify Otp (spec §4): on success store the token and user data, clear session storage, load the
 * profile (the session change triggers it), mark the user logged in and go to /.
 */
export function VerifyOtpForm({ mobileNo, onVerified }: { mobileNo: string; onVerified: () => void }) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [otp, setOtp] = useState(emptyOtp);
  const [error, setError] = useState<string>();
  const verify = useVerifyOtp();
  const resend = useResendOtp();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (otp.some((digit) => !/^\d$/.test(digit))) {
      setError(MESSAGES.otpRequired);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(undefined);
    try {
      const envelope = await verify.mutateAsync({ mobile_no: mobileNo, otp: otp.join('') });
      if (envelope.meta.code === 200 && envelope.meta.token && envelope.data) {
        // Spec §4: go to / (the guard would otherwise send a player leaving a public page to /slots).
        startSession(envelope.meta.token, envelope.data, '/');
        onVerified();
        navigateTo('/');
      } else {
        // A wrong or expired code: start again with empty boxes (the toast says why).
        setOtp(emptyOtp());
      }
    } catch {
      // Transport failure: already toasted by the API client.
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="form__intro">
        {rich(t('Enter the 4-digit code we sent to {mobile}.'), {
          mobile: <strong data-testid="otp-mobile">{formatMobileNo(mobileNo)}</strong>,
        })}
      </p>
      <OtpInput
        idPrefix={`${id}-otp`}
        value={otp}
        onChange={(next) => {
          setOtp(next);
          if (error && next.every((digit) => digit !== '')) setError(undefined);
        }}
        error={error}
        disabled={verify.isPending}
      />
      <div className="form__row form__row--between">
        <span className="muted">{t("Didn't get it?")}</span>
        <ResendOtp codeJustSent onResend={() => resend.mutate({ mobile_no: mobileNo })} />
      </div>
      <Button type="submit" block loading={verify.isPending} loadingLabel={t('Verifying…')}>
        {t('Verify')}
      </Button>
    </form>
  );
}
