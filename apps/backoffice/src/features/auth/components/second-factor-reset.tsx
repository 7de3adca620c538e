import { useState } from 'react';
import { BACKOFFICE_ROLES, secondFactorResetRequestSchema } from '@khel/contract';
import type { BackofficeUser, RoleId } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { isDirector, useProfile } from '../../../lib/auth/get-user-data';
import { toast } from '../../../lib/toast';
import { useResetSecondFactor } from '../api/reset-second-factor';

/**
 * On another operator's page, for a director: forget their authenticator (a lost phone, recovery codes
 * used up). Their sessions end and their next sign-in sets it up again. Never shown on one's own page.
 */
export function SecondFactorReset({ user }: { user: Pick<BackofficeUser, '_id' | 'name' | 'username' | 'role'> }) {
  const me = useProfile();
  const reset = useResetSecondFactor(user._id);
  const [open, setOpen] = useState(false);
  if (!isDirector(me.data) || me.data?._id === user._id || !BACKOFFICE_ROLES.includes(user.role as RoleId)) return null;
  const name = user.name || user.username;

  return (
    <section className="card second-factor-reset" aria-labelledby="second-factor-reset-title">
      <h2 id="second-factor-reset-title">Two-step sign-in</h2>
      <p className="muted">
        If {name} lost the phone with the authenticator app and the recovery codes, reset it: they set it up again at
        the next sign-in.
      </p>
      <Button variant="danger" size="small" onClick={() => setOpen(true)}>
        Reset two-step sign-in…
      </Button>
      {open ? (
        <ReasonDialog
          title={`Reset two-step sign-in of ${name}`}
          confirmLabel="Reset"
          busy={reset.isPending}
          hint="The audit log keeps this reason. Every session of this operator ends."
          validate={(reason) => {
            const parsed = secondFactorResetRequestSchema.safeParse({ reason });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
          }}
          onConfirm={(reason) =>
            reset.mutate(reason, {
              onSuccess: (message) => {
                toast.success(message);
                setOpen(false);
              },
            })
          }
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}
