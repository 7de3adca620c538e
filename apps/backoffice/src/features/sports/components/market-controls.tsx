import { useState } from 'react';
import { marketUpdateSchema } from '@khel/contract';
import type { Market } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { useUpdateMarket } from '../api/manage-markets';
import { FormDialog } from './form-dialog';
import { fieldErrors, optionalNumber, serverErrors } from './form-errors';
import type { FieldErrors } from './form-errors';
import { isFinal } from './market-labels';

type Pick3 = Pick<Market, '_id' | 'name' | 'status' | 'inPlay' | 'marketType'>;

/**
 * Suspend an open market or resume a suspended one, in one click: suspending is what an operator does
 * when something happens on the field, so it never waits for a confirmation.
 */
export function SuspendToggle({ market, size = 'small' }: { market: Pick3; size?: 'small' | 'normal' }) {
  const update = useUpdateMarket();
  if (market.status !== 'open' && market.status !== 'suspended') return null;
  const suspending = market.status === 'open';
  return (
    <Button
      size={size}
      variant={suspending ? 'danger' : 'primary'}
      busy={update.isPending}
      aria-label={`${suspending ? 'Suspend' : 'Resume'} ${market.name}`}
      onClick={() =>
        update.mutate({
          id: market._id,
          body: { status: suspending ? 'suspended' : 'open' },
          success: suspending ? `${market.name} suspended` : `${market.name} open again`,
        })
      }
    >
      {suspending ? 'Suspend' : 'Resume'}
    </Button>
  );
}

/** Turning a market in play cancels the unmatched exchange offers not kept in play and starts the bet delay: it asks first. */
export function InPlayButton({
  market,
  size = 'small',
}: {
  market: Pick3 & Pick<Market, 'betDelaySeconds'>;
  size?: 'small' | 'normal';
}) {
  const update = useUpdateMarket();
  const [asking, setAsking] = useState(false);
  if (isFinal(market) || market.status === 'closed') return null;
  const turningOn = !market.inPlay;
  return (
    <>
      <Button
        size={size}
        onClick={() => setAsking(true)}
        aria-label={`${turningOn ? 'Turn in play' : 'Take out of play'}: ${market.name}`}
      >
        {turningOn ? 'Turn in play' : 'Not in play'}
      </Button>
      <ConfirmDialog
        open={asking}
        title={turningOn ? `Turn ${market.name} in play` : `Take ${market.name} out of play`}
        confirmLabel={turningOn ? 'Turn in play' : 'Take out of play'}
        busy={update.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          update.mutate(
            {
              id: market._id,
              body: { inPlay: turningOn },
              success: turningOn ? `${market.name} is in play` : `${market.name} is no longer in play`,
            },
            { onSettled: () => setAsking(false) },
          )
        }
      >
        {turningOn ? (
          <>
            <p>Players see the market as live.</p>
            <ul className="consequences">
              {market.marketType === 'EXCHANGE' ? (
                <li>Unmatched offers are cancelled unless their owners kept them in play.</li>
              ) : null}
              <li>
                {market.betDelaySeconds > 0
                  ? `Every bet waits ${market.betDelaySeconds} s on the server before it fills, and lapses if the market or price changed meanwhile.`
                  : 'The bet delay is 0 s: bets fill at once. Set a delay under Limits if this market needs one.'}
              </li>
            </ul>
          </>
        ) : (
          <p>The market shows as before the start again and bets no longer wait for the in-play delay.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** Close betting: no new bets, waiting for the result (asks first); a closed market can take bets again. */
export function CloseButton({ market, size = 'small' }: { market: Pick3; size?: 'small' | 'normal' }) {
  const update = useUpdateMarket();
  const [asking, setAsking] = useState(false);
  if (market.status === 'closed') {
    return (
      <Button
        size={size}
        busy={update.isPending}
        onClick={() =>
          update.mutate({ id: market._id, body: { status: 'open' }, success: `${market.name} takes bets again` })
        }
      >
        Reopen betting
      </Button>
    );
  }
  if (market.status !== 'open' && market.status !== 'suspended') return null;
  return (
    <>
      <Button size={size} onClick={() => setAsking(true)}>
        Close betting
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Close betting on ${market.name}`}
        confirmLabel="Close betting"
        danger
        busy={update.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          update.mutate(
            { id: market._id, body: { status: 'closed' }, success: `${market.name} closed` },
            { onSettled: () => setAsking(false) },
          )
        }
      >
        <p>No new bets are taken. Matched bets stay until you declare the result or void the market.</p>
      </ConfirmDialog>
    </>
  );
}

type LimitsMarket = Pick<Market, '_id' | 'name' | 'betDelaySeconds' | 'minStake' | 'maxStake' | 'maxProfit'>;
const LIMIT_FIELDS = ['betDelaySeconds', 'minStake', 'maxStake', 'maxProfit'] as const;

/** Bet delay (seconds, in-play only) and the stake and profit limits of one market. */
export function LimitsDialog({ market, onClose }: { market: LimitsMarket; onClose: () => void }) {
  const update = useUpdateMarket();
  const [form, setForm] = useState({
    betDelaySeconds: String(market.betDelaySeconds),
    minStake: String(market.minStake),
    maxStake: String(market.maxStake),
    maxProfit: String(market.maxProfit),
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const body = Object.fromEntries(LIMIT_FIELDS.map((field) => [field, optionalNumber(form[field]) ?? Number.NaN]));
    const parsed = marketUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      if (next.betDelaySeconds !== undefined) next.betDelaySeconds = 'Enter whole seconds from 0 to 30';
      return setErrors(next);
    }
    const problems = limitProblems(parsed.data);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    setErrors({});
    update.mutate(
      { id: market._id, body: parsed.data, success: `Limits of ${market.name} saved` },
      { onSuccess: onClose, onError: (error) => setErrors(serverErrors(error, LIMIT_FIELDS)) },
    );
  }

  const set = (field: (typeof LIMIT_FIELDS)[number]) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  return (
    <FormDialog
      title={`Limits of ${market.name}`}
      submitLabel="Save limits"
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Bet delay (seconds)"
        type="number"
        inputMode="numeric"
        min={0}
        max={30}
        step={1}
        value={form.betDelaySeconds}
        error={errors.betDelaySeconds}
        hint="In play, a bet waits this long on the server before it fills. 0 to 30."
        onChange={set('betDelaySeconds')}
      />
      <div className="field-pair">
        <TextField
          label="Minimum stake (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={form.minStake}
          error={errors.minStake}
          onChange={set('minStake')}
        />
        <TextField
          label="Maximum stake (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={form.maxStake}
          error={errors.maxStake}
          onChange={set('maxStake')}
        />
      </div>
      <TextField
        label="Maximum profit (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={form.maxProfit}
        error={errors.maxProfit}
        hint={`What one player may win on this market. Now ${formatRupees(market.maxProfit)}.`}
        onChange={set('maxProfit')}
      />
    </FormDialog>
  );
}

/**
 * What the schema lets through but a market cannot have: a stake or profit limit of ₹0 (the database
 * requires more), or a maximum stake below the minimum.
 */
export function limitProblems(limits: {
  minStake?: number | undefined;
  maxStake?: number | undefined;
  maxProfit?: number | undefined;
}): FieldErrors {
  const problems: FieldErrors = {};
  if (limits.minStake !== undefined && limits.minStake <= 0) problems.minStake = 'Enter a minimum stake above ₹0';
  if (limits.maxStake !== undefined && limits.maxStake <= 0) problems.maxStake = 'Enter a maximum stake above ₹0';
  else if (limits.minStake !== undefined && limits.maxStake !== undefined && limits.maxStake < limits.minStake)
    problems.maxStake = 'The maximum stake must not be below the minimum';
  if (limits.maxProfit !== undefined && limits.maxProfit <= 0) problems.maxProfit = 'Enter a maximum profit above ₹0';
  return problems;
}

/** The limits as one line for lists. */
export function limitsText(market: LimitsMarket): string {
  return `${formatRupees(market.minStake)}–${formatRupees(market.maxStake)} · max profit ${formatRupees(market.maxProfit)} · delay ${market.betDelaySeconds} s`;
}
