import { STORAGE_KEYS, session } from '../../../lib/storage';
import { openVerifyOtp, useAuthModal } from '../hooks/use-auth-modal';
import { formatMobileNo } from './verify-otp-form';
import { useT } from '../../../lib/i18n/i18n';

/**
 * A sign-up waiting for its OTP (the number sits in sessionStorage, spec §3): if the player closed the
 * dialog or reloaded the page, this brings the code entry back instead of making them sign up again.
 */
export function PendingVerification() {
  const t = useT();
  const modal = useAuthModal();
  const mobileNo = session.get(STORAGE_KEYS.signUpMobile);
  if (!mobileNo || modal.kind !== null) return null;
  return (
    <div className="banner banner--info" data-testid="pending-verification">
      <span>{t('Waiting to verify {mobile}.', { mobile: formatMobileNo(mobileNo) })}</span>{' '}
      <button type="button" className="link-button" onClick={() => openVerifyOtp(mobileNo)}>
        {t('Enter the code')}
      </button>
    </div>
  );
}
