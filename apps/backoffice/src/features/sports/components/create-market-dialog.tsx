import { useState } from 'react';
import { marketCreateSchema } from '@khel/contract';
import type { MarketType } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useCreateMarket } from '../api/manage-markets';
import { FormDialog } from './form-dialog';
import { fieldErrors, optionalNumber, serverErrors } from './form-errors';
import { limitProblems } from './market-controls';
import type { FieldErrors } from './form-errors';
import { MARKET_TYPE_LABELS } from './market-labels';

const TYPES: MarketType[] = ['BOOKMAKER', 'FANCY', 'EXCHANGE'];
const DEFAULT_NAMES: Record<MarketType, string> = { EXCHANGE: 'Match Odds', BOOKMAKER: 'Bookmaker', FANCY: '' };
const TYPE_HINTS: Record<MarketType, string> = {
  EXCHANGE: 'Players match each other on a price ladder; commission on net winnings.',
  BOOKMAKER: 'The house quotes a back and a lay rate per runner (45 = 45 per 100).',
  FANCY: 'A run line with NO and YES sides, e.g. runs in the first 6 overs.',
};

/** "India v Australia" → India, Australia: the usual runners of a match market. */
function runnersFromEventName(name: string): string[] {
  const parts = name
    .split(/\s+(?:v|vs\.?)\s+/i)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts : ['', ''];
}

export function CreateMarketDialog({
  eventId,
  eventName,
  onClose,
}: {
  eventId: string;
  eventName: string;
  onClose: () => void;
}) {
  const create = useCreateMarket();
  const [type, setType] = useState<MarketType>('BOOKMAKER');
  const [name, setName] = useState(DEFAULT_NAMES.BOOKMAKER);
  const [runners, setRunners] = useState<string[]>(() => runnersFromEventName(eventName));
  const [limits, setLimits] = useState({ betDelaySeconds: '', minStake: '', maxStake: '', maxProfit: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [limitsOpen, setLimitsOpen] = useState(false);
  const needsRunners = type !== 'FANCY';

  function chooseType(next: MarketType) {
    if (name === DEFAULT_NAMES[type]) setName(DEFAULT_NAMES[next]);
    setType(next);
  }

  function submit() {
    const names = needsRunners ? runners.map((runner) => runner.trim()).filter(Boolean) : [];
    const parsed = marketCreateSchema.safeParse({
      eventId,
      marketType: type,
      name,
      runners: names,
      betDelaySeconds: optionalNumber(limits.betDelaySeconds),
      minStake: optionalNumber(limits.minStake),
      maxStake: optionalNumber(limits.maxStake),
      maxProfit: optionalNumber(limits.maxProfit),
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (next.betDelaySeconds !== undefined) next.betDelaySeconds = 'Enter whole seconds from 0 to 30';
    if (needsRunners && names.length < 2) next.runners = 'Name at least two runners';
    else if (new Set(names.map((runner) => runner.toLowerCase())).size !== names.length)
      next.runners = 'Each runner needs its own name';
    if (parsed.success) Object.assign(next, limitProblems(parsed.data));
    setErrors(next);
    if (['betDelaySeconds', 'minStake', 'maxStake', 'maxProfit'].some((field) => next[field] !== undefined))
      setLimitsOpen(true);
    if (!parsed.success || Object.keys(next).length > 0) return;
    create.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) =>
        setErrors(serverErrors(error, ['name', 'runners', 'betDelaySeconds', 'minStake', 'maxStake', 'maxProfit'])),
    });
  }

  const setLimit = (field: keyof typeof limits) => (event: { target: { value: string } }) =>
    setLimits({ ...limits, [field]: event.target.value });
  return (
    <FormDialog
      title="Add a market"
      submitLabel="Add market"
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset className="segmented">
        <legend className="field-label">Type</legend>
        {TYPES.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="market-type"
              value={value}
              checked={type === value}
              onChange={() => chooseType(value)}
            />
            {MARKET_TYPE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <p className="muted small">{TYPE_HINTS[type]}</p>
      <TextField
        label="Name"
        value={name}
        maxLength={80}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
        placeholder={type === 'FANCY' ? '6 over runs IND' : undefined}
      />
      {needsRunners ? (
        <fieldset className="runner-fields">
          <legend className="field-label">Runners</legend>
          {runners.map((runner, index) => (
            <div className="runner-field" key={index}>
              <TextField
                label={`Runner ${index + 1}`}
                value={runner}
                maxLength={60}
                onChange={(event) => setRunners(runners.map((item, at) => (at === index ? event.target.value : item)))}
              />
              {runners.length > 2 ? (
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Remove runner ${index + 1}`}
                  onClick={() => setRunners(runners.filter((_, at) => at !== index))}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          ))}
          {errors.runners !== undefined ? (
            <p className="field-error" role="alert">
              {errors.runners}
            </p>
          ) : null}
          {runners.length < 30 ? (
            <Button size="small" onClick={() => setRunners([...runners, ''])}>
              Add runner
            </Button>
          ) : null}
        </fieldset>
      ) : null}
      <details className="limit-fields" open={limitsOpen} onToggle={(event) => setLimitsOpen(event.currentTarget.open)}>
        <summary>Bet delay and limits (optional)</summary>
        <p className="muted small">Left empty, the defaults for the market type, sport and event apply.</p>
        <TextField
          label="Bet delay (seconds)"
          type="number"
          inputMode="numeric"
          min={0}
          max={30}
          value={limits.betDelaySeconds}
          error={errors.betDelaySeconds}
          onChange={setLimit('betDelaySeconds')}
        />
        <div className="field-pair">
          <TextField
            label="Minimum stake (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={limits.minStake}
            error={errors.minStake}
            onChange={setLimit('minStake')}
          />
          <TextField
            label="Maximum stake (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={limits.maxStake}
            error={errors.maxStake}
            onChange={setLimit('maxStake')}
          />
        </div>
        <TextField
          label="Maximum profit (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={limits.maxProfit}
          error={errors.maxProfit}
          onChange={setLimit('maxProfit')}
        />
      </details>
    </FormDialog>
  );
}
