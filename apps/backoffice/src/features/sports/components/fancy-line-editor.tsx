import { useState } from 'react';
import type { FormEvent } from 'react';
import { fancyLineUpdateSchema } from '@khel/contract';
import type { FancyLine, Market } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { fieldErrors } from './form-errors';
import type { FieldErrors } from './form-errors';
import { useSetFancyLine } from '../api/manage-markets';
import { Stepper } from './stepper';

const FIELDS = ['noLine', 'noRate', 'yesLine', 'yesRate'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

function fromLine(line: FancyLine | null): Draft {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    noLine: text(line?.noLine),
    noRate: text(line?.noRate ?? 100),
    yesLine: text(line?.yesLine),
    yesRate: text(line?.yesRate ?? 100),
  };
}

/** The message of a field's problem in the words an operator reads. */
const FIELD_MESSAGES: Record<Field, string> = {
  noLine: 'Enter the NO line in runs (0 to 1000)',
  yesLine: 'Enter the YES line in runs (0 to 1000)',
  noRate: 'Enter the NO rate (1 to 1000, 100 = even money)',
  yesRate: 'Enter the YES rate (1 to 1000, 100 = even money)',
};

/**
 * NO and YES lines in runs with their rates. The YES line may not be below the NO line (checked here
 * with the contract's rule before anything travels). "Both lines" moves NO and YES together, the usual
 * move after a boundary.
 */
export function FancyLineEditor({ market }: { market: Market }) {
  const publish = useSetFancyLine();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const values = draft ?? fromLine(market.fancy);
  const disabled = market.status === 'settled' || market.status === 'voided' || market.status === 'closed';

  function change(next: Draft) {
    setDraft(next);
    setErrors({});
  }

  function shiftBoth(delta: number) {
    const move = (text: string) =>
      text.trim() === '' || !Number.isFinite(Number(text))
        ? text
        : String(Math.min(1000, Math.max(0, Number(text) + delta)));
    change({ ...values, noLine: move(values.noLine), yesLine: move(values.yesLine) });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = Object.fromEntries(
      FIELDS.map((field) => [field, values[field].trim() === '' ? Number.NaN : Number(values[field])]),
    );
    const parsed = fancyLineUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      const next: FieldErrors = {};
      for (const field of FIELDS) {
        const message = found[field];
        // The contract's own words for YES ≥ NO; ours for a missing or out-of-range number.
        if (message !== undefined) next[field] = message.startsWith('The YES line') ? message : FIELD_MESSAGES[field];
      }
      return setErrors(next);
    }
    publish.mutate({ id: market._id, body: parsed.data }, { onSuccess: () => setDraft(null) });
  }

  const live = market.fancy;
  return (
    <form className="fancy-editor" onSubmit={submit} noValidate aria-label="Fancy line">
      <div className="fancy-grid">
        <fieldset className="fancy-side fancy-no">
          <legend>NO</legend>
          <Stepper
            label="NO line"
            value={values.noLine}
            min={0}
            max={1000}
            disabled={disabled}
            error={errors.noLine}
            tone="lay"
            onChange={(value) => change({ ...values, noLine: value })}
          />
          <Stepper
            label="NO rate"
            value={values.noRate}
            min={1}
            max={1000}
            disabled={disabled}
            error={errors.noRate}
            onChange={(value) => change({ ...values, noRate: value })}
          />
        </fieldset>
        <fieldset className="fancy-side fancy-yes">
          <legend>YES</legend>
          <Stepper
            label="YES line"
            value={values.yesLine}
            min={0}
            max={1000}
            disabled={disabled}
            error={errors.yesLine}
            tone="back"
            onChange={(value) => change({ ...values, yesLine: value })}
          />
          <Stepper
            label="YES rate"
            value={values.yesRate}
            min={1}
            max={1000}
            disabled={disabled}
            error={errors.yesRate}
            onChange={(value) => change({ ...values, yesRate: value })}
          />
        </fieldset>
      </div>
      <div className="button-row">
        <span className="muted small">Both lines</span>
        <Button size="small" onClick={() => shiftBoth(-1)} disabled={disabled} aria-label="Both lines −1 run">
          −1 run
        </Button>
        <Button size="small" onClick={() => shiftBoth(1)} disabled={disabled} aria-label="Both lines +1 run">
          +1 run
        </Button>
      </div>
      <p className="muted small">
        Live:{' '}
        {live === null || live.noLine === null
          ? 'no line yet'
          : `NO ${live.noLine} @ ${live.noRate ?? '–'} · YES ${live.yesLine ?? '–'} @ ${live.yesRate ?? '–'}`}
        . YES at line L wins rate/100 × stake if the runs reach L; NO at line L wins the stake if the runs stay below L.
        Runs between the two lines lose for both.
      </p>
      <div className="button-row">
        <Button type="submit" variant="primary" busy={publish.isPending} disabled={disabled}>
          Publish line
        </Button>
        {draft !== null ? (
          <Button variant="ghost" onClick={() => setDraft(null)} disabled={publish.isPending}>
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
