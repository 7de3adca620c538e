import { useState } from 'react';
import type { FormEvent } from 'react';
import { bookmakerRatesSchema } from '@khel/contract';
import type { Market } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSetBookmakerRates } from '../api/manage-markets';
import { fieldErrors } from './form-errors';
import type { FieldErrors } from './form-errors';
import { ratePair } from './market-labels';
import { Stepper } from './stepper';

type Side = 'back' | 'lay';
type Draft = Record<string, Record<Side, string>>;

function fromMarket(market: Market): Draft {
  return Object.fromEntries(
    market.runners.map((runner) => [
      runner._id,
      {
        back: runner.backRate === null ? '' : String(runner.backRate),
        lay: runner.layRate === null ? '' : String(runner.layRate),
      },
    ]),
  );
}

function toRate(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * The house's back and lay rate per runner, Indian style (45 = 45 per 100). Edits stay a draft until
 * published, so the book refreshing underneath never overwrites what the operator is typing; an empty
 * side is not offered.
 */
export function BookmakerRatesEditor({ market }: { market: Market }) {
  const publish = useSetBookmakerRates();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const values = draft ?? fromMarket(market);
  const disabled = market.status === 'settled' || market.status === 'voided' || market.status === 'closed';

  function set(runnerId: string, side: Side, value: string) {
    const current = values[runnerId] ?? { back: '', lay: '' };
    setDraft({ ...values, [runnerId]: { ...current, [side]: value } });
    setErrors({});
  }

  function body() {
    return {
      runners: market.runners.map((runner) => ({
        runnerId: runner._id,
        backRate: toRate(values[runner._id]?.back ?? ''),
        layRate: toRate(values[runner._id]?.lay ?? ''),
      })),
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = bookmakerRatesSchema.safeParse(body());
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    publish.mutate({ id: market._id, body: parsed.data }, { onSuccess: () => setDraft(null) });
  }

  const crossed = market.runners.filter((runner) => {
    const back = toRate(values[runner._id]?.back ?? '');
    const lay = toRate(values[runner._id]?.lay ?? '');
    return back !== null && lay !== null && lay < back;
  });

  return (
    <form className="rate-editor" onSubmit={submit} noValidate aria-label="Bookmaker rates">
      <table className="data-table responsive-table">
        <thead>
          <tr>
            <th scope="col">Runner</th>
            <th scope="col">Back rate</th>
            <th scope="col">Lay rate</th>
            <th scope="col">Live</th>
          </tr>
        </thead>
        <tbody>
          {market.runners.map((runner, index) => (
            <tr key={runner._id}>
              <td data-label="Runner" className="cell-primary">
                {runner.name}
              </td>
              <td data-label="Back rate">
                <Stepper
                  label={`Back rate of ${runner.name}`}
                  value={values[runner._id]?.back ?? ''}
                  min={1}
                  max={10_000}
                  disabled={disabled}
                  error={
                    errors[`runners.${index}.backRate`] === undefined
                      ? undefined
                      : 'A whole number from 1 to 10000, or empty'
                  }
                  onChange={(value) => set(runner._id, 'back', value)}
                  tone="back"
                />
              </td>
              <td data-label="Lay rate">
                <Stepper
                  label={`Lay rate of ${runner.name}`}
                  value={values[runner._id]?.lay ?? ''}
                  min={1}
                  max={10_000}
                  disabled={disabled}
                  error={
                    errors[`runners.${index}.layRate`] === undefined
                      ? undefined
                      : 'A whole number from 1 to 10000, or empty'
                  }
                  onChange={(value) => set(runner._id, 'lay', value)}
                  tone="lay"
                />
              </td>
              <td data-label="Live" className="num">
                {ratePair(runner)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {crossed.length > 0 ? (
        <Alert kind="warning">
          The lay rate is below the back rate for {crossed.map((runner) => runner.name).join(', ')}: a player could back
          and lay for a sure profit.
        </Alert>
      ) : null}
      <div className="button-row">
        <Button type="submit" variant="primary" busy={publish.isPending} disabled={disabled}>
          Publish rates
        </Button>
        {draft !== null ? (
          <Button variant="ghost" onClick={() => setDraft(null)} disabled={publish.isPending}>
            Discard changes
          </Button>
        ) : null}
        <span className="muted small">
          {disabled
            ? 'This market no longer takes bets.'
            : 'Empty = that side is not offered. A bet at a rate that moved is refused with “Odds changed”.'}
        </span>
      </div>
    </form>
  );
}
