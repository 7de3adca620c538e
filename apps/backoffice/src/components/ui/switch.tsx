import { useId } from 'react';
import type { ReactNode } from 'react';

export interface SwitchProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
}

/** An on/off setting: a checkbox with role="switch", so it keeps native keyboard and form behaviour. */
export function Switch({ label, description, checked, onChange, disabled = false, busy = false }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch-row">
      <div className="switch-text">
        <label htmlFor={id} className="switch-label">
          {label}
        </label>
        {description === undefined ? null : (
          <p className="switch-description" id={`${id}-desc`}>
            {description}
          </p>
        )}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby={description === undefined ? undefined : `${id}-desc`}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
