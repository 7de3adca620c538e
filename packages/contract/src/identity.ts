import { z } from 'zod';
import { WALLETS } from './constants.js';
import { envelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { mobileNoSchema } from './phone.js';

const MAX_PASSWORD_LENGTH = 128;

const requiredString = (message: string, max = 200) =>
  z.string({ error: message }).min(1, message).max(max, `At most ${max} characters`);

/** A new password: required, 8–128 characters. Common passwords are refused by the server. */
export const newPasswordSchema = requiredString(MESSAGES.passwordRequired, MAX_PASSWORD_LENGTH).min(
  8,
  MESSAGES.passwordTooShort,
);

export const otpSchema = z.string({ error: MESSAGES.otpRequired }).regex(/^\d{4}$/, MESSAGES.otpRequired);

export const signUpRequestSchema = z
  .object({
    name: requiredString(MESSAGES.nameRequired, 80).trim(),
    mobile_no: mobileNoSchema,
    password: newPasswordSchema,
    confirmPassword: requiredString(MESSAGES.confirmPasswordRequired, MAX_PASSWORD_LENGTH),
    /** The referral code (spec §3 names it affiliateCode). */
    affiliateCode: z.string().trim().max(32).optional(),
    /** The 18+ confirmation (PRODUCT.md §7). */
    ageConfirmed: z.literal(true, { error: MESSAGES.ageConfirmRequired }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const mobileOnlyRequestSchema = z.object({ mobile_no: mobileNoSchema });
export type MobileOnlyRequest = z.infer<typeof mobileOnlyRequestSchema>;

export const verifyOtpRequestSchema = z.object({ mobile_no: mobileNoSchema, otp: otpSchema });
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** `{ mobile_no, password }` or `{ username, password }` (PRODUCT.md §3). */
export const loginRequestSchema = z
  .object({
    mobile_no: mobileNoSchema.optional(),
    username: z.string().trim().min(1).max(40).optional(),
    password: requiredString(MESSAGES.passwordRequired, MAX_PASSWORD_LENGTH),
    /** 'backoffice': refuse non-operators before a session is made (the back office's login). */
    audience: z.enum(['player', 'backoffice']).optional(),
  })
  .refine((body) => body.mobile_no !== undefined || body.username !== undefined, {
    message: MESSAGES.mobileRequired,
    path: ['mobile_no'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    old_password: requiredString(MESSAGES.passwordRequired, MAX_PASSWORD_LENGTH),
    password: newPasswordSchema,
    confirm_password: requiredString(MESSAGES.confirmPasswordRequired, MAX_PASSWORD_LENGTH),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    mobile_no: mobileNoSchema,
    otp: otpSchema,
    password: newPasswordSchema,
    confirm_password: requiredString(MESSAGES.confirmPasswordRequired, MAX_PASSWORD_LENGTH),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const logoutRequestSchema = z.object({ user_id: z.string().max(64).optional() });

/** The profile (PRODUCT.md §3). Money in rupees; exposure is zero or negative. */
export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  mobile_no: z.string(),
  /** Role id (spec §6): DIRECTOR=1 … CREDIT_PLAYER=6. */
  role: z.number().int(),
  wallet: z.enum([WALLETS.MAIN, WALLETS.BONUS]),
  balance: z.number(),
  exposure: z.number(),
  bonus: z.number(),
  bonusExposure: z.number(),
  refBonus: z.number(),
  referralAllow: z.boolean(),
  referralCode: z.string(),
  allowHome: z.boolean(),
  allowLiveCasino: z.boolean(),
  allowSlots: z.boolean(),
  allowStatements: z.boolean(),
  allowProfitLoss: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileEnvelope = envelope(profileSchema);
