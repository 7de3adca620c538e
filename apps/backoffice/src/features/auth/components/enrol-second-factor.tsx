import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEnrolment, useSecondFactorPassed, useStartEnrolment } from '../api/second-factor';
import { CodeField, TOTP_CODE_MESSAGE } from './code-field';

/** The secret in groups of four, as authenticator apps show it; copying takes it without spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Scan the QR code (or type the key), prove it with a first code, then keep the recovery codes. */
export function EnrolSecondFactor({ returnPath }: { returnPath: string }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const passed = useSecondFactorPassed();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: a second start would replace the secret the operator is scanning.
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  if (confirm.data !== undefined) {
    const codes = confirm.data.recoveryCodes;
    return (
      <section aria-labelledby="recovery-title">
        <h1 id="recovery-title">Save your recovery codes</h1>
        <p>
          Two-step sign-in is on. If you lose your phone, each of these codes signs you in once. They are shown only
          now: write them down or keep them in a password manager.
        </p>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {codes.map((item) => (
            <li key={item}>
              <code>{item}</code>
            </li>
          ))}
        </ol>
        <p>
          <CopyButton value={codes.join('\n')} label="recovery codes" />
        </p>
        <Button
          variant="primary"
          className="btn-block"
          onClick={() => {
            passed();
            void navigate(returnPath, { replace: true });
          }}
        >
          I have saved them, continue
        </Button>
      </section>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError(TOTP_CODE_MESSAGE);
      return;
    }
    setError(undefined);
    confirm.mutate(typed);
  }

  return (
    <section aria-labelledby="enrol-title">
      <h1 id="enrol-title">Set up two-step sign-in</h1>
      <p className="muted">
        Operators sign in with their password and a code from an authenticator app (Google Authenticator, Microsoft
        Authenticator, 1Password…).
      </p>
      {start.isPending || start.isIdle ? (
        <LoadingBlock label="Preparing your QR code…" />
      ) : start.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => start.mutate()}>
              Try again
            </Button>
          }
        >
          {errorMessage(start.error)}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Confirm your authenticator app">
          <ol className="enrol-steps">
            <li>
              <p>Scan this QR code with your authenticator app.</p>
              <img
                className="qr-code"
                src={start.data.qrCodeDataUrl}
                width={200}
                height={200}
                alt="QR code to scan with your authenticator app"
              />
              <p className="small">
                Cannot scan? Add an account by key instead:{' '}
                <code className="secret-key" data-secret={start.data.secret} aria-label="Setup key">
                  {grouped(start.data.secret)}
                </code>{' '}
                <CopyButton value={start.data.secret} label="setup key" />
              </p>
            </li>
            <li>
              <p>Enter the 6-digit code the app shows for {start.data.issuer}.</p>
              {confirm.isError ? <Alert>{errorMessage(confirm.error)}</Alert> : null}
              <CodeField
                label="6-digit code"
                value={code}
                error={error}
                onChange={(value) => {
                  setCode(value);
                  setError(undefined);
                }}
              />
            </li>
          </ol>
          <Button type="submit" variant="primary" busy={confirm.isPending} className="btn-block">
            Turn on two-step sign-in
          </Button>
        </form>
      )}
    </section>
  );
}
