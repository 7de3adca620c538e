import { useState } from 'react';
import { ROLES } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { useAccountMoney } from '../api/account-money';
import { MoneyForm } from './account-money-panel';

const MOVABLE: readonly number[] = [ROLES.AGENT, ROLES.PLAYER, ROLES.CREDIT_AGENT, ROLES.CREDIT_PLAYER];

function DwDialog({
  user,
  onClose,
}: {
  user: { _id: string; name: string; username: string; role: number; uplineId: string | null };
  onClose: () => void;
}) {
  const money = useAccountMoney(user._id);
  const name = user.name || user.username;
  return (
    <Dialog open title={`D/W: ${name}`} onClose={onClose}>
      {money.isPending ? <LoadingBlock /> : null}
      {money.isError ? <Alert>{errorMessage(money.error)}</Alert> : null}
      {money.data !== undefined ? (
        <MoneyForm userId={user._id} role={user.role} name={name} uplineId={user.uplineId} money={money.data} />
      ) : null}
    </Dialog>
  );
}

/**
 * The client list's D/W (issue 28, decision 0065): the account page's own money form in a dialog, so a
 * deposit or withdrawal of chips or credit from a row goes through the same endpoints, confirmation step
 * and step-up; no second money path.
 */
export function DwButton({
  user,
}: {
  user: { _id: string; name: string; username: string; role: number; uplineId: string | null };
}) {
  const [open, setOpen] = useState(false);
  if (!MOVABLE.includes(user.role)) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`D/W ${user.name || user.username}`}>
        D/W
      </Button>
      {open ? <DwDialog user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
