import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const t = useT();
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide switch: typing blind on a phone keyboard causes most mistakes. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const inputId = props.id ?? generated;
  const errorId = `${inputId}-error`;
  const { label, error, className, ...input } = props;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="input-group">
        <input
          {...input}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="input-group__addon"
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('Hide') : t('Show')}
          <span className="visually-hidden"> {t('password')}</span>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
