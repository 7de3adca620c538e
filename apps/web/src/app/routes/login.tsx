import { LoginForm } from '../../features/auth/components/login-form';
import { PendingVerification } from '../../features/auth/components/pending-verification';

export default function LoginPage() {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">Login</h1>
        <PendingVerification />
        <LoginForm />
      </div>
    </div>
  );
}
