import { voidBetSchema } from '@khel/contract';
import type { ReportBet } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useVoidBet } from '../api/void-bet';
import { betSelection } from './bet-columns';

/**
 * Void one bet with a reason (issue 28, decision 0055). The dialog is the confirmation: it names the
 * bet and what a void does before anything is sent; the server asks for a fresh authenticator code.
 */
export function VoidBetDialog({ bet, onClose }: { bet: ReportBet; onClose: () => void }) {
  const voidBet = useVoidBet();
  return (
    <ReasonDialog
      title="Void this bet"
      confirmLabel="Void bet"
      busy={voidBet.isPending}
      maxLength={200}
      hint="The audit log keeps this reason, and a settled bet's statement line shows it."
      validate={(reason) => {
        const parsed = voidBetSchema.safeParse({ reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
      }}
      onConfirm={(reason) => voidBet.mutate({ betId: bet._id, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        <strong>{bet.username}</strong>: {betSelection(bet)} on {bet.market} ({bet.event}), stake{' '}
        {formatRupees(bet.stake)}
        {bet.matched > 0 ? `, matched ${formatRupees(bet.matched)}` : ''}.
      </p>
      <p className="muted">
        {bet.status === 'settled'
          ? 'Its settlement is reversed by new journal entries and the market is settled again without it.'
          : 'Its stake comes back and its exposure is released.'}{' '}
        On the exchange the matched bets on the other side are voided too. When results need a second operator&apos;s
        confirmation, the void waits for one.
      </p>
    </ReasonDialog>
  );
}
