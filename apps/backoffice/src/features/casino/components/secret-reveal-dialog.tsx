import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';

export interface RevealedSecret {
  providerName: string;
  providerCode: string;
  secret: string;
  /** 'created': a new provider; 'rotated': the old secret stopped working. */
  reason: 'created' | 'rotated';
}

/**
 * The one time a signing secret is shown. It lives only in the state of the screen that asked for it
 * and is gone when this dialog closes; the server answers only its last 4 characters afterwards.
 * Escape and the backdrop do not close it: only the explicit button does, so it is not lost by accident.
 */
export function SecretRevealDialog({ revealed, onClose }: { revealed: RevealedSecret; onClose: () => void }) {
  return (
    <Dialog
      open
      title={`Signing secret of ${revealed.providerName}`}
      onClose={onClose}
      dismissible={false}
      footer={
        <Button variant="primary" onClick={onClose}>
          I have stored it, close
        </Button>
      }
    >
      <Alert kind="warning">
        <strong>Shown only this once.</strong> Copy it now and hand it to the provider over a secure channel. Once this
        window closes it cannot be shown again; if it is lost, rotate the secret.
      </Alert>
      <p className="casino-secret-label" id="casino-secret-label">
        Secret for <code>{revealed.providerCode}</code> (HMAC-SHA256 key for X-Signature):
      </p>
      <div className="casino-secret">
        <code className="casino-secret-value" aria-labelledby="casino-secret-label" data-autofocus tabIndex={0}>
          {revealed.secret}
        </code>
        <CopyButton value={revealed.secret} label="secret" />
      </div>
      {revealed.reason === 'rotated' ? (
        <p className="muted small">
          The previous secret no longer works: the provider&apos;s wallet calls are refused until they sign with this
          one. The built-in house provider switches by itself.
        </p>
      ) : (
        <p className="muted small">
          The provider signs every wallet call with this secret and sends its code in X-Provider.
        </p>
      )}
    </Dialog>
  );
}
