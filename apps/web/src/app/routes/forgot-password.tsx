import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { t } from '../../lib/i18n/i18n';

export default function ForgotPasswordPage() {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('Forgot Password')}</h1>
        <ForgotPasswordForm />
        <p className="form__footer">
          {t('Remembered it?')} <Link to="/login">{t('Login')}</Link>
        </p>
      </div>
    </div>
  );
}
