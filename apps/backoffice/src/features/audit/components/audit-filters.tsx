import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useDebouncedValue } from '@khel/web-kit';
import { useAuditActions } from '../api/get-audit-actions';
import { actionLabel } from './audit-details';

export interface AuditFilterValues {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilterValues = { actor: '', action: '', target: '', from: '', to: '' };
const TYPING_DEBOUNCE_MS = 350;

/** The start must not be after the end; the server says the same, this says it before asking. */
export function dateRangeError(values: Pick<AuditFilterValues, 'from' | 'to'>): string | undefined {
  return values.from !== '' && values.to !== '' && values.from > values.to
    ? 'The start date must be on or before the end date'
    : undefined;
}

/**
 * Who, what, target and India dates. Text settles before it is applied, so typing asks the server once
 * per pause; the select and dates apply at once.
 */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (next: Partial<AuditFilterValues>) => void;
}) {
  const actions = useAuditActions();
  const [actor, setActor] = useState(values.actor);
  const [target, setTarget] = useState(values.target);
  const settledActor = useDebouncedValue(actor, TYPING_DEBOUNCE_MS);
  const settledTarget = useDebouncedValue(target, TYPING_DEBOUNCE_MS);

  useEffect(() => {
    if (settledActor.trim() !== values.actor || settledTarget.trim() !== values.target)
      onChange({ actor: settledActor.trim(), target: settledTarget.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only settled text should write the filters
  }, [settledActor, settledTarget]);

  const known = actions.data ?? [];
  const options = values.action !== '' && !known.includes(values.action) ? [values.action, ...known] : known;
  const rangeError = dateRangeError(values);
  const any = Object.values(values).some((value) => value !== '');

  return (
    <form
      className="filters audit-filters"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        label="Who"
        type="search"
        placeholder="Operator name or mobile number"
        maxLength={80}
        value={actor}
        onChange={(event) => setActor(event.target.value)}
      />
      <SelectField label="What" value={values.action} onChange={(event) => onChange({ action: event.target.value })}>
        <option value="">All actions</option>
        {options.map((action) => (
          <option key={action} value={action}>
            {actionLabel(action)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Target"
        type="search"
        placeholder="Player name, mobile number or id"
        maxLength={80}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      />
      <TextField
        label="From (India date)"
        type="date"
        value={values.from}
        max={values.to || undefined}
        error={rangeError}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="To (India date)"
        type="date"
        value={values.to}
        min={values.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      {any ? (
        <Button
          size="small"
          className="filters-clear"
          onClick={() => {
            setActor('');
            setTarget('');
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
