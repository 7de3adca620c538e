import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { closeAuthModal, openVerifyOtp, useAuthModal } from '../hooks/use-auth-modal';
import { ChangePasswordModal } from './change-password-modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignUpForm } from './sign-up-form';
import { VerifyOtpForm } from './verify-otp-form';
import { useT } from '../../../lib/i18n/i18n';

/** Hosts the auth dialogs (Sign Up → Verify Otp, Forgot Password, Change Password); one at a time. */
export function AuthModals({ siteName }: { siteName?: string }) {
  const t = useT();
  const state = useAuthModal();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  // A link inside a dialog (e.g. "Login") leaves the page: the dialog should not follow the player.
  useEffect(() => {
    if (previousPath.current !== pathname) closeAuthModal();
    previousPath.current = pathname;
  }, [pathname]);

  return (
    <>
      <Modal open={state.kind === 'signUp'} title={t('Sign Up')} onClose={closeAuthModal} testId="sign-up-modal">
        {state.kind === 'signUp' ? (
          // Spec §4: on meta 200 close Sign Up and open Verify Otp.
          <SignUpForm referralCode={state.referralCode} siteName={siteName} onOtpSent={openVerifyOtp} />
        ) : null}
      </Modal>
      <Modal
        open={state.kind === 'verifyOtp'}
        title={t('Verify Otp')}
        onClose={closeAuthModal}
        testId="verify-otp-modal"
      >
        {state.kind === 'verifyOtp' ? <VerifyOtpForm mobileNo={state.mobileNo} onVerified={closeAuthModal} /> : null}
      </Modal>
      <Modal
        open={state.kind === 'forgotPassword'}
        title={t('Forgot Password')}
        onClose={closeAuthModal}
        testId="forgot-password-modal"
      >
        {state.kind === 'forgotPassword' ? <ForgotPasswordForm onDone={closeAuthModal} /> : null}
      </Modal>
      <ChangePasswordModal open={state.kind === 'changePassword'} onClose={closeAuthModal} />
    </>
  );
}
