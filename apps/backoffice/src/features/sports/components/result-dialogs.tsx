import { useState } from 'react';
import { correctMarketSchema, settleMarketSchema, voidMarketSchema } from '@khel/contract';
import type { Market } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useCorrectMarket, useSettleMarket, useVoidMarket } from '../api/manage-markets';
import type { BookBet } from '../api/get-market-book';
import { useDeskSettings } from '../api/results';
import { FormDialog } from './form-dialog';
import { resultText } from './market-labels';

export interface BookTotals {
  /** Bets with a matched part: what settlement moves money for. */
  matchedBets: number;
  matchedStake: number;
  unmatchedBets: number;
}

export function bookTotals(bets: readonly BookBet[]): BookTotals {
  const open = bets.filter((bet) => bet.status !== 'cancelled' && bet.status !== 'lapsed');
  return {
    matchedBets: open.filter((bet) => bet.matchedStake > 0).length,
    matchedStake: open.reduce((sum, bet) => sum + bet.matchedStake, 0),
    unmatchedBets: open.filter(
      (bet) => bet.unmatchedStake > 0 && (bet.status === 'unmatched' || bet.status === 'matched'),
    ).length,
  };
}

function winnerConsequences(market: Market, winnerName: string): string[] {
  if (market.marketType === 'EXCHANGE') {
    return [
      `Backers of ${winnerName} and layers of every other runner win; layers of ${winnerName} and backers of the others lose.`,
      'Unmatched offers are cancelled and their exposure released.',
      "Commission is taken on each player's net winnings on this market.",
    ];
  }
  return [
    `Back bets on ${winnerName} win rate/100 × stake; lay bets on ${winnerName} lose rate/100 × stake.`,
    'Back bets on the other runners lose their stake; lay bets on them win their stake.',
    'No commission on bookmaker markets.',
  ];
}

function runsConsequences(market: Market, runs: number): string[] {
  const lines = [
    `YES bets win where the runs (${runs}) reach their line; NO bets win where the runs stay below theirs. All others lose.`,
  ];
  const line = market.fancy;
  if (line !== null && line.noLine !== null && line.yesLine !== null) {
    const yes = runs >= line.yesLine ? 'win' : 'lose';
    const no = runs < line.noLine ? 'win' : 'lose';
    lines.push(`At the current line (NO ${line.noLine} / YES ${line.yesLine}): YES bets ${yes}, NO bets ${no}.`);
  }
  lines.push('No commission on fancy markets.');
  return lines;
}

/**
 * Declare the result, or correct a declared one. Nothing is sent until a winner is picked (or whole
 * runs entered for a fancy market), and the dialog says what will happen to the bets and the money.
 */
export function ResultDialog({
  market,
  totals,
  mode,
  onClose,
}: {
  market: Market;
  totals: BookTotals;
  mode: 'settle' | 'correct';
  onClose: () => void;
}) {
  const settle = useSettleMarket();
  const correct = useCorrectMarket();
  const mutation = mode === 'settle' ? settle : correct;
  const fancy = market.marketType === 'FANCY';
  const [winnerId, setWinnerId] = useState('');
  const [runs, setRuns] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const current = resultText(market);
  // Maker-checker (issue 9): a correction always, a declaration when the desk asks for it, waits for a second operator.
  const desk = useDeskSettings();
  const waits = mode === 'correct' || desk.data?.resultsNeedConfirmation === true;

  const winner = market.runners.find((runner) => runner._id === winnerId);
  const runsNumber = runs.trim() === '' ? Number.NaN : Number(runs);
  const runsValid = Number.isInteger(runsNumber) && runsNumber >= 0 && runsNumber <= 2000;

  function submit() {
    if (fancy && !runsValid) return setError('Enter the runs scored: a whole number from 0 to 2000');
    if (!fancy && winner === undefined) return setError('Choose the winner');
    const body = fancy ? { runs: runsNumber } : { winnerId };
    if (mode === 'correct' && market.result !== null && String(fancy ? runsNumber : winnerId) === market.result)
      return setError('That is the result already declared: choose another');
    if (mode === 'correct') {
      const parsed = correctMarketSchema.safeParse({ ...body, reason });
      const reasonIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'reason');
      if (reasonIssue !== undefined) return setReasonError(reasonIssue.message);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the result');
      setError(null);
      return correct.mutate({ id: market._id, body: parsed.data }, { onSettled: onClose });
    }
    const parsed = settleMarketSchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the result');
    setError(null);
    settle.mutate({ id: market._id, body: parsed.data }, { onSettled: onClose });
  }

  const consequences = fancy
    ? runsValid
      ? runsConsequences(market, runsNumber)
      : []
    : winner !== undefined
      ? winnerConsequences(market, winner.name)
      : [];
  const title = mode === 'settle' ? `Declare the result of ${market.name}` : `Correct the result of ${market.name}`;
  return (
    <FormDialog
      title={title}
      submitLabel={mode === 'correct' ? 'Request correction' : waits ? 'Declare result' : 'Settle market'}
      danger={mode === 'correct'}
      busy={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {mode === 'correct' && current !== null ? (
        <p>
          Declared now: <strong>{current}</strong>. Once another operator confirms, correcting reverses that settlement
          with new journal entries (nothing is edited) and settles every bet again on the new result.
        </p>
      ) : null}
      {fancy ? (
        <TextField
          label="Runs scored"
          type="number"
          inputMode="numeric"
          min={0}
          max={2000}
          step={1}
          value={runs}
          error={error ?? undefined}
          onChange={(event) => {
            setRuns(event.target.value);
            setError(null);
          }}
        />
      ) : (
        <fieldset className="segmented winner-choice" aria-describedby={error ? 'winner-error' : undefined}>
          <legend className="field-label">Winner</legend>
          {market.runners.map((runner) => (
            <label key={runner._id}>
              <input
                type="radio"
                name="winner"
                value={runner._id}
                checked={winnerId === runner._id}
                onChange={() => {
                  setWinnerId(runner._id);
                  setError(null);
                }}
              />
              {runner.name}
              {mode === 'correct' && market.result === runner._id ? (
                <span className="muted small"> (declared now)</span>
              ) : null}
            </label>
          ))}
          {error ? (
            <p className="field-error" id="winner-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
      )}
      {mode === 'correct' ? (
        <TextAreaField
          label="Reason for the correction"
          maxLength={200}
          value={reason}
          error={reasonError ?? undefined}
          hint="The audit log keeps it with the earlier and the new result."
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
        />
      ) : null}
      {waits ? <p className="alert alert-info">A second operator must confirm before any money moves.</p> : null}
      <div className="consequences-box" aria-live="polite">
        {consequences.length === 0 ? (
          <p className="muted">
            {fancy
              ? 'Enter the runs to see what happens to the bets.'
              : 'Pick the winner to see what happens to the bets.'}
          </p>
        ) : (
          <>
            <p>
              <strong>
                {mode === 'settle' ? 'Settling' : 'Re-settling'}{' '}
                {fancy ? `at ${runsNumber} runs` : `with ${winner?.name ?? ''} as the winner`}:
              </strong>
            </p>
            <ul className="consequences">
              {consequences.map((line) => (
                <li key={line}>{line}</li>
              ))}
              <li>
                {totals.matchedBets === 0
                  ? 'No matched bets: no money moves.'
                  : `${totals.matchedBets} matched ${totals.matchedBets === 1 ? 'bet' : 'bets'} (${formatRupees(totals.matchedStake)} staked) settle ${waits ? 'when a second operator confirms' : 'at once'}, in one transaction; exposure is released.`}
              </li>
              <li>The market is final afterwards; only Correct result or Void can change it.</li>
            </ul>
          </>
        )}
      </div>
    </FormDialog>
  );
}

/** Void: every bet returned, with a reason that the audit log and the players see. */
export function VoidDialog({ market, totals, onClose }: { market: Market; totals: BookTotals; onClose: () => void }) {
  const voidMarket = useVoidMarket();
  return (
    <ReasonDialog
      title={`Void ${market.name}`}
      confirmLabel="Void market"
      busy={voidMarket.isPending}
      maxLength={200}
      hint="Players and the audit log see this reason."
      validate={(reason) => {
        const parsed = voidMarketSchema.safeParse({ reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
      }}
      onClose={onClose}
      onConfirm={(reason) => voidMarket.mutate({ id: market._id, reason }, { onSettled: onClose })}
    >
      <ul className="consequences">
        <li>Every bet on the market is returned: stakes go back, nothing is won or lost, exposure is released.</li>
        {market.status === 'settled' ? (
          <li>
            The settlement already made is reversed first, with new journal entries, once a second operator confirms (a
            settled market's void is a correction).
          </li>
        ) : null}
        <li>
          {totals.matchedBets === 0
            ? 'There are no matched bets.'
            : `${totals.matchedBets} matched ${totals.matchedBets === 1 ? 'bet' : 'bets'}, ${formatRupees(totals.matchedStake)} staked.`}
        </li>
        <li>The market closes for good.</li>
      </ul>
    </ReasonDialog>
  );
}
