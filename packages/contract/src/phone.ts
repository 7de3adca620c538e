import { z } from 'zod';
import { PHONE_COUNTRIES } from './constants.js';
import { MESSAGES } from './messages.js';

/** mobile_no is digits with the country code: India 91 + 10 digits from 6–9, US 1 + 10 digits. */
export function isValidMobileNo(value: string): boolean {
  return PHONE_COUNTRIES.some(
    (country) =>
      value.startsWith(country.dialCode) && country.nationalPattern.test(value.slice(country.dialCode.length)),
  );
}

export const mobileNoSchema = z
  .string({ error: MESSAGES.mobileRequired })
  .trim()
  .min(1, MESSAGES.mobileRequired)
  .refine(isValidMobileNo, MESSAGES.mobileInvalid);
