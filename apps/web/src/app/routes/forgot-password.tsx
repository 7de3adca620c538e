import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1 className="page-title">Forgot Password</h1>
        <ForgotPasswordForm />
        <p className="form__footer">
          Remembered it? <Link to="/login">Login</Link>
        </p>
      </div>
    </div>
  );
}
