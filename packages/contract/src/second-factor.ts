import { z } from 'zod';
import { BACKOFFICE_ROLES } from './constants.js';
import type { RoleId } from './constants.js';
import { envelope } from './envelope.js';

/** Roles whose back-office sign-in needs a second factor (TOTP, RFC 6238): operators and agents (decision 0018). */
export const SECOND_FACTOR_ROLES: readonly RoleId[] = BACKOFFICE_ROLES;

/** RFC 6238 as authenticator apps expect it by default: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/**
 * Step-up (issue 28, decision 0049): money routes (chips, credit, settlements, password resets, voids)
 * need a fresh authenticator code entered in this session within the last 5 minutes.
 */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  enrolmentStarted: 'Scan the QR code, then enter the 6-digit code your app shows',
  enrolled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe',
  verified: 'Code accepted',
  steppedUp: 'Code accepted, you can continue for 5 minutes',
} as const;

/** A 6-digit TOTP or a recovery code (XXXXX-XXXXX); spaces and dashes a person types are tolerated. */
export const secondFactorCodeRequestSchema = z.object({
  code: z
    .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
    .max(20, SECOND_FACTOR_MESSAGES.codeRequired)
    .regex(/^[0-9A-Za-z -]+$/, SECOND_FACTOR_MESSAGES.codeRequired),
});
export type SecondFactorCodeRequest = z.infer<typeof secondFactorCodeRequestSchema>;

/** Where this back-office session stands: `required` and not `passed` means enrol (or verify) first. */
export const secondFactorStatusSchema = z.object({
  required: z.boolean(),
  enrolled: z.boolean(),
  passed: z.boolean(),
  /** Unused recovery codes; 0 when not enrolled. */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
export const secondFactorStatusEnvelope = envelope(secondFactorStatusSchema);

/** Answered once per enrolment attempt; the secret is never answered again after confirmation. */
export const secondFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** A PNG data URL of the QR code of otpauthUri. */
  qrCodeDataUrl: z.string(),
  issuer: z.string(),
  label: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;
export const secondFactorEnrolmentEnvelope = envelope(secondFactorEnrolmentSchema);

/** Shown once, when enrolment is confirmed; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
export const recoveryCodesEnvelope = envelope(recoveryCodesSchema);

export const secondFactorVerifiedSchema = z.object({
  method: z.enum(['totp', 'recovery_code']),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorVerified = z.infer<typeof secondFactorVerifiedSchema>;
export const secondFactorVerifiedEnvelope = envelope(secondFactorVerifiedSchema);

/** A step-up passed: money routes of this session accept until `until` (ISO time). */
export const stepUpSchema = z.object({ until: z.string() });
export type StepUp = z.infer<typeof stepUpSchema>;
export const stepUpEnvelope = envelope(stepUpSchema);

/** A director resets another operator's lost authenticator: a reason is kept in the audit log. */
export const secondFactorResetRequestSchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(300, 'At most 300 characters')
    .regex(/^[^\p{Cc}]*$/u, 'Remove the special characters'),
});
export type SecondFactorResetRequest = z.infer<typeof secondFactorResetRequestSchema>;
