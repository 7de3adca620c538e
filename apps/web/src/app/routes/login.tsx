import { Link } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { PendingVerification } from '../../features/auth/components/pending-verification';

export default function LoginPage() {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">Login</h1>
        <PendingVerification />
        <LoginForm />
        <p className="form__footer muted">
          <Link to="/forgot-password">Reset your password on its own page</Link>
        </p>
      </div>
    </div>
  );
}
