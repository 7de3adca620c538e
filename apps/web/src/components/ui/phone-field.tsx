import { useId } from 'react';
import { PHONE_COUNTRIES, type PhoneCountryIso } from '@khel/contract';
import { msg, useT } from '../../lib/i18n/i18n';

export interface PhoneValue {
  country: PhoneCountryIso;
  national: string;
}

export const EMPTY_PHONE: PhoneValue = { country: 'in', national: '' };

/** mobile_no = dial code + national digits (PRODUCT.md §3); empty when no digits were typed. */
export function composeMobileNo(value: PhoneValue): string {
  const digits = value.national.replace(/\D/g, '');
  if (digits === '') return '';
  const country = PHONE_COUNTRIES.find((entry) => entry.iso === value.country) ?? PHONE_COUNTRIES[0];
  return `${country.dialCode}${digits}`;
}

export interface PhoneFieldProps {
  label?: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | undefined;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** Country select (India and US only, spec §5) beside the national number. */
export function PhoneField({
  label = msg('Mobile No'),
  value,
  onChange,
  error,
  id,
  autoFocus,
  disabled,
}: PhoneFieldProps) {
  const t = useT();
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {t(label)}
      </label>
      <div className="phone-field">
        <select
          className="input phone-field__country"
          aria-label={t('Country code')}
          value={value.country}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, country: event.target.value as PhoneCountryIso })}
        >
          {PHONE_COUNTRIES.map((country) => (
            <option key={country.iso} value={country.iso}>
              {country.iso.toUpperCase()} +{country.dialCode}
            </option>
          ))}
        </select>
        <input
          id={inputId}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={14}
          value={value.national}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange({ ...value, national: event.target.value.replace(/[^\d ]/g, '') })}
        />
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
