import { OTP_RESEND_COUNTDOWN_SECONDS } from '@khel/contract';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { msg, useT } from '../../../lib/i18n/i18n';

/**
 * Resend OTP (spec §4): after a click the button is replaced by an m:ss countdown of 10 seconds, then
 * the button returns. The countdown starts on the click itself so a slow network cannot cause a burst
 * of resends.
 */
export function ResendOtp({
  onResend,
  label = msg('Resend OTP'),
  codeJustSent = false,
}: {
  onResend: () => void;
  label?: string;
  codeJustSent?: boolean;
}) {
  const t = useT();
  // A code was just sent (the Verify Otp sheet opens after Sign Up): start on the countdown, not the button.
  const { remaining, start, running } = useCountdown(codeJustSent ? OTP_RESEND_COUNTDOWN_SECONDS : 0);
  if (running) {
    return (
      <p className="resend" data-testid="resend-countdown" aria-live="polite">
        <span className="visually-hidden">{t('You can resend the code in')} </span>
        <span className="resend__timer">{formatCountdown(remaining)}</span>
      </p>
    );
  }
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => {
        start(OTP_RESEND_COUNTDOWN_SECONDS);
        onResend();
      }}
    >
      {t(label)}
    </button>
  );
}
