import { useId, useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useChangePassword } from '../api/change-password';
import { serverText, useT } from '../../../lib/i18n/i18n';

/**
 * Spec §5: all three fields required with no custom message, so the browser's own `required` check
 * speaks. A failure shows meta.message in a red banner (spec §8). The form lives inside the dialog so
 * closing it always forgets what was typed.
 */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const id = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverMessage, setServerMessage] = useState<string>();
  const change = useChangePassword();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerMessage(undefined);
    try {
      const envelope = await change.mutateAsync({ old_password: oldPassword, password, confirm_password: confirm });
      if (envelope.meta.code === 200) onDone();
      else setServerMessage(serverText(envelope.meta));
    } catch {
      // Toasted by the API client.
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} data-testid="change-password-form">
      {serverMessage ? <ErrorBanner testId="change-password-error">{serverMessage}</ErrorBanner> : null}
      <PasswordField
        id={`${id}-old`}
        label={t('Old Password')}
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <PasswordField
        id={`${id}-new`}
        label={t('New Password')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t('Confirm Password')}
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <Button type="submit" block loading={change.isPending} loadingLabel={t('Saving…')}>
        {t('Change Password')}
      </Button>
    </form>
  );
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={open} title={t('Change Password')} onClose={onClose} testId="change-password-modal">
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}
