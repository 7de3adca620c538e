import { useId } from 'react';
import { PHONE_COUNTRIES } from '@khel/contract';
import type { PhoneCountryIso } from '@khel/contract';

export interface PhoneValue {
  country: PhoneCountryIso;
  national: string;
}

/** mobile_no as the API wants it: the dial code and the national digits, nothing else. */
export function toMobileNo(value: PhoneValue): string {
  const country = PHONE_COUNTRIES.find((item) => item.iso === value.country) ?? PHONE_COUNTRIES[0];
  return `${country.dialCode}${value.national.replace(/\D/g, '')}`;
}

export function isValidPhone(value: PhoneValue): boolean {
  const country = PHONE_COUNTRIES.find((item) => item.iso === value.country) ?? PHONE_COUNTRIES[0];
  return country.nationalPattern.test(value.national.replace(/\D/g, ''));
}

export interface PhoneFieldProps {
  label?: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | undefined;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** Country code select (+91 / +1 only, PRODUCT.md §3) beside the national number. */
export function PhoneField({ label = 'Mobile number', value, onChange, error, autoFocus, disabled }: PhoneFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="phone-field">
        <select
          className="input phone-country"
          aria-label="Country code"
          value={value.country}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, country: event.target.value as PhoneCountryIso })}
        >
          {PHONE_COUNTRIES.map((country) => (
            <option key={country.iso} value={country.iso}>
              +{country.dialCode} {country.iso.toUpperCase()}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={14}
          value={value.national}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...value, national: event.target.value.replace(/[^\d\s]/g, '') })}
        />
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
