import { useSearchParams } from 'react-router';
import { PendingVerification } from '../../features/auth/components/pending-verification';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { openVerifyOtp } from '../../features/auth/hooks/use-auth-modal';
import { useAppSettings } from '../../lib/app-settings';
import { t } from '../../lib/i18n/i18n';

/** /register: the Sign Up form as a page; ?referral_code= fills the referral field. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const settings = useAppSettings();
  const referralCode = params.get('referral_code') ?? '';
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('Sign Up')}</h1>
        <PendingVerification />
        <SignUpForm
          key={referralCode}
          referralCode={referralCode}
          siteName={settings.data?.siteName}
          onOtpSent={openVerifyOtp}
        />
      </div>
    </div>
  );
}
