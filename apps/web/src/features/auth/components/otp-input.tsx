import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@khel/contract';
import { useT } from '../../../lib/i18n/i18n';

export interface OtpInputProps {
  /** One entry per box, each '' or a single digit. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Shown under the boxes; empty boxes are marked invalid while it is set. */
  error?: string | undefined;
  idPrefix: string;
  disabled?: boolean;
}

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Four single-digit boxes (spec §5): typing a digit moves to the next box, Backspace in an empty box
 * goes back, and pasting (or an SMS autofill of) the whole code fills every box.
 */
export function OtpInput({ value, onChange, error, idPrefix, disabled }: OtpInputProps) {
  const t = useT();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = `${idPrefix}-error`;
  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fill = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusBox(index >= OTP_LENGTH ? OTP_LENGTH - 1 : index);
  };

  const onInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (digits === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    // A box that already held a digit receives two characters: keep the newly typed one.
    const typed =
      digits.length === 2 && value[index] !== '' && digits.startsWith(value[index] ?? '') ? digits.slice(1) : digits;
    fill(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits === '') return;
    event.preventDefault();
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits.slice(0, OTP_LENGTH));
  };

  return (
    <fieldset className="otp" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{t('One-time code')}</legend>
      <div className="otp__boxes">
        {value.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={`${idPrefix}-${index}`}
            className="input otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={index === 0 ? OTP_LENGTH : 2}
            aria-label={t('Digit {n} of {total}', { n: index + 1, total: OTP_LENGTH })}
            aria-invalid={error && digit === '' ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={digit}
            disabled={disabled}
            data-autofocus={index === 0 ? '' : undefined}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
