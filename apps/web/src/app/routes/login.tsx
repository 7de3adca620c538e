import { LoginForm } from '../../features/auth/components/login-form';
import { PendingVerification } from '../../features/auth/components/pending-verification';
import { HelpContact } from '../../components/help-contact';
import { t } from '../../lib/i18n/i18n';

export default function LoginPage() {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">{t('Login')}</h1>
        <PendingVerification />
        <LoginForm />
        <HelpContact as="p" className="auth-help" linkClassName="auth-help__link" />
      </div>
    </div>
  );
}
