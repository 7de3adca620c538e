import { useState } from 'react';
import { bulkVoidBetsSchema } from '@khel/contract';
import type { Market } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { SelectField, TextField } from '../../../components/ui/field';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import type { BookBet } from '../api/get-market-book';
import { useVoidBets } from '../api/void-bets';

/** Bets a void can still change (decision 0055). */
export const voidable = (bet: BookBet) => ['pending', 'unmatched', 'matched', 'settled'].includes(bet.status);

const CONSEQUENCES =
  "Stakes come back and exposure is released; a settled bet's settlement is reversed with new journal entries and the market settled again without it. On the exchange the matched bets on the other side are voided too. When results need a second operator's confirmation, the void waits for one.";

/** Void one bet of the market, with a reason; the dialog is the confirmation. */
export function VoidBetDialog({ bet, onClose }: { bet: BookBet; onClose: () => void }) {
  const mutation = useVoidBets();
  return (
    <ReasonDialog
      title="Void this bet"
      confirmLabel="Void bet"
      busy={mutation.isPending}
      maxLength={200}
      hint="The audit log keeps this reason."
      validate={(reason) => (reason.trim() === '' ? 'Give a reason' : null)}
      onConfirm={(reason) =>
        mutation.mutate({ target: { kind: 'bet', betId: bet._id }, reason }, { onSuccess: onClose })
      }
      onClose={onClose}
    >
      <p>
        <strong>{bet.player.name}</strong>: {bet.selection} ({bet.selectionType}), stake {formatRupees(bet.stake)}.
      </p>
      <p className="muted">{CONSEQUENCES}</p>
    </ReasonDialog>
  );
}

/** India time as typed in a datetime-local field ("2026-11-28T20:30") → ISO with the +05:30 offset. */
const indiaIso = (local: string) => (local === '' ? undefined : `${local}:00+05:30`);

/** Void a player's bets on this market in bulk, optionally only those struck inside a time window. */
export function VoidPlayerBetsDialog({
  market,
  bets,
  onClose,
}: {
  market: Market;
  bets: readonly BookBet[];
  onClose: () => void;
}) {
  const mutation = useVoidBets();
  const players = [...new Map(bets.filter(voidable).map((bet) => [bet.player._id, bet.player])).values()];
  const [userId, setUserId] = useState(players[0]?._id ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const target = { kind: 'bulk' as const, marketId: market._id, userId, from: indiaIso(from), to: indiaIso(to) };
  const count = bets.filter(
    (bet) =>
      voidable(bet) &&
      bet.player._id === userId &&
      (target.from === undefined || bet.createdAt >= new Date(target.from).toISOString()) &&
      (target.to === undefined || bet.createdAt <= new Date(target.to).toISOString()),
  ).length;
  return (
    <ReasonDialog
      title="Void a player's bets"
      confirmLabel={`Void ${count === 1 ? '1 bet' : `${count} bets`}`}
      busy={mutation.isPending}
      maxLength={200}
      hint="The audit log keeps this reason."
      validate={(reason) => {
        if (count === 0) return 'No bet of this player in that window';
        const parsed = bulkVoidBetsSchema.safeParse({ ...target, reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the form');
      }}
      onConfirm={(reason) => mutation.mutate({ target, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <SelectField label="Player" value={userId} onChange={(event) => setUserId(event.target.value)}>
        {players.map((player) => (
          <option key={player._id} value={player._id}>
            {player.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Struck from (India time, optional)"
        type="datetime-local"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label="Struck to (India time, optional)"
        type="datetime-local"
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      <p className="muted">{CONSEQUENCES}</p>
    </ReasonDialog>
  );
}
