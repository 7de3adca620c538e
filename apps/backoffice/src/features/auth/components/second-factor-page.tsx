import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { logout } from '../../../lib/auth/logout';
import { clearSecondFactor, useSecondFactorStep } from '../../../lib/auth/second-factor-gate';
import { useToken } from '../../../lib/auth/session';
import { useSecondFactorStatus } from '../api/second-factor';
import { EnrolSecondFactor } from './enrol-second-factor';
import { VerifySecondFactor } from './verify-second-factor';

/** Where the gate sent the operator from, so passing returns them there. */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('/login') &&
    !from.startsWith('/second-factor')
    ? from
    : '/users';
}

/**
 * The step between the password and the back office for operators: set up an authenticator app
 * (QR code, first code, recovery codes) or enter a code. The server refuses every back-office call
 * until this session has passed; this page only guides the operator there.
 */
export function SecondFactorPage() {
  const token = useToken();
  const location = useLocation();
  const gateStep = useSecondFactorStep();
  const status = useSecondFactorStatus();
  const back = returnPathOf(location.state);
  const passed = status.data?.passed === true;

  // Passed already (in another tab with the same session, say): clear the gate, or the guard would send us back here.
  useEffect(() => {
    if (passed) clearSecondFactor();
  }, [passed]);

  if (token === null) return <Navigate to="/login" replace />;

  let body;
  if (status.isPending) body = <LoadingBlock label="Checking your sign-in…" />;
  else if (status.isError) {
    body = (
      <Alert
        action={
          <Button size="small" onClick={() => void status.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(status.error)}
      </Alert>
    );
  } else if (!status.data.enrolled && (status.data.required || gateStep === 'enrol')) {
    body = <EnrolSecondFactor returnPath={back} />;
  } else if (!status.data.passed) {
    body = <VerifySecondFactor returnPath={back} />;
  } else if (gateStep !== null) {
    body = <LoadingBlock label="Opening the back office…" />;
  } else {
    return <Navigate to={back} replace />;
  }

  return (
    <main className="login-page">
      <div className="login-card second-factor-card">
        {body}
        <p className="second-factor-footer">
          <Button size="small" variant="ghost" onClick={() => void logout()}>
            Log out
          </Button>
        </p>
      </div>
    </main>
  );
}
