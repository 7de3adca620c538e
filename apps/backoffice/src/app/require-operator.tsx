import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { LoadingBlock } from '../components/ui/spinner';
import { errorMessage } from '../lib/api-client';
import { isOperatorRole, useProfile } from '../lib/auth/get-user-data';
import { logout } from '../lib/auth/logout';
import { usePasswordChangeRequired } from '../lib/auth/password-change-gate';
import { useSecondFactorStep } from '../lib/auth/second-factor-gate';
import { useToken } from '../lib/auth/session';
import { toast } from '../lib/toast';

/**
 * The gate in front of every back-office page: a token, and a profile whose role is an operator's.
 * A role taken away while signed in ends the session here, not just on the next call.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const profile = useProfile();
  const secondFactorStep = useSecondFactorStep();
  const passwordChangeRequired = usePasswordChangeRequired();
  const notOperator = profile.data !== undefined && !isOperatorRole(profile.data.role);

  useEffect(() => {
    if (!notOperator) return;
    toast.error('This account is no longer an operator account');
    void logout();
  }, [notOperator]);

  if (token === null)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  // The server refuses every back-office call until the session passes the second factor.
  if (secondFactorStep !== null)
    return <Navigate to="/second-factor" replace state={{ from: `${location.pathname}${location.search}` }} />;
  // After it, a password an upline chose is replaced before anything else (decision 0050).
  if (passwordChangeRequired) return <Navigate to="/change-password" replace />;
  if (profile.isPending || notOperator) return <LoadingBlock label="Checking your session…" />;
  if (profile.isError) {
    return (
      <main className="login-page">
        <Alert
          action={
            <Button size="small" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(profile.error)}
        </Alert>
      </main>
    );
  }
  return <>{children}</>;
}

export function RequireRole({ roles, children }: { roles: readonly number[]; children: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return <LoadingBlock label="Checking your session…" />;
  if (profile.data === undefined || !roles.includes(profile.data.role)) {
    return <Alert>You do not have permission to open this page.</Alert>;
  }
  return <>{children}</>;
}
