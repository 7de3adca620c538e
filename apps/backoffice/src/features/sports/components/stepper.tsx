import { useId } from 'react';

export interface StepperProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  disabled?: boolean;
  error?: string | undefined;
  /** Colours the field like the back (blue) or lay (pink) side players see. */
  tone?: 'back' | 'lay' | 'plain';
  step?: number;
}

/** A whole-number field with −1 and +1 buttons, kept within min and max, for quick price moves. */
export function Stepper({
  label,
  value,
  onChange,
  min,
  max,
  disabled = false,
  error,
  tone = 'plain',
  step = 1,
}: StepperProps) {
  const id = useId();
  const current = value.trim() === '' ? null : Number(value);
  const usable = current !== null && Number.isFinite(current);
  function move(delta: number) {
    const base = usable ? current : delta > 0 ? min - delta : min;
    onChange(String(Math.min(max, Math.max(min, Math.round(base + delta)))));
  }
  return (
    <div className={`stepper stepper-${tone}${error ? ' field-invalid' : ''}`}>
      <div className="stepper-row">
        <button
          type="button"
          className="btn btn-secondary btn-small stepper-button"
          aria-label={`${label} −${step}`}
          disabled={disabled || (usable && current <= min)}
          onClick={() => move(-step)}
        >
          −{step}
        </button>
        <input
          id={id}
          className="input stepper-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="btn btn-secondary btn-small stepper-button"
          aria-label={`${label} +${step}`}
          disabled={disabled || (usable && current >= max)}
          onClick={() => move(step)}
        >
          +{step}
        </button>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
