import { z } from 'zod';
import { calendarDate } from './text.js';
import { ROLE_IDS } from './constants.js';
import { envelope } from './envelope.js';

const roleIdSchema = z
  .number()
  .int()
  .refine((value) => (ROLE_IDS as number[]).includes(value), 'Unknown role');

export const permissionFlagsSchema = z.object({
  allowHome: z.boolean(),
  allowLiveCasino: z.boolean(),
  allowSlots: z.boolean(),
  allowStatements: z.boolean(),
  allowProfitLoss: z.boolean(),
});
export type PermissionFlags = z.infer<typeof permissionFlagsSchema>;

/** A user as operators see them in the list and detail views. */
export const backofficeUserSchema = permissionFlagsSchema.extend({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  mobile_no: z.string(),
  role: z.number().int(),
  referralAllow: z.boolean(),
  referralCode: z.string(),
  phoneVerified: z.boolean(),
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  selfExcludedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The account's upline in the agent tree (PRODUCT.md §9); null for a DIRECTOR. */
  uplineId: z.string().nullable(),
});
export type BackofficeUser = z.infer<typeof backofficeUserSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(80).optional(),
  role: z.coerce.number().int().min(0).max(99).optional(),
  /** Only the direct downline of this account: one level of the agent tree. */
  uplineId: z.string().uuid('Unknown id').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListEnvelope = envelope(z.object({ items: z.array(backofficeUserSchema), total: z.number().int() }));
export const backofficeUserEnvelope = envelope(backofficeUserSchema);

export const idParamsSchema = z.object({ id: z.string().uuid('Unknown id') });

/** Every field optional: an operator changes what they touch. A reason is required for a suspension. */
export const userUpdateRequestSchema = permissionFlagsSchema
  .partial()
  .extend({
    role: roleIdSchema.optional(),
    referralAllow: z.boolean().optional(),
    suspended: z.boolean().optional(),
    suspendedReason: z.string().trim().max(300).optional(),
  })
  .refine((body) => body.suspended !== true || (body.suspendedReason ?? '').length > 0, {
    message: 'Give a reason for the suspension',
    path: ['suspendedReason'],
  });
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** Image uploads travel as data URLs; the server checks the bytes, not the declared type. */
export const imageDataUrlSchema = z
  .string()
  .max(7_000_000, 'Image is larger than 5 MB')
  .startsWith('data:', 'Upload an image');

/**
 * A help number in international form: the country code then the number, 8 to 15 digits (E.164), a
 * leading + and spaces or dashes allowed and dropped; stored and sent as digits ("919876543210"). Null
 * or an empty text removes it.
 */
export const HELP_NUMBER_MESSAGE = 'Enter the number with its country code, e.g. +91 98765 43210';
const helpNumberSchema = z
  .string()
  .trim()
  .max(24, HELP_NUMBER_MESSAGE)
  .transform((text) => text.replace(/[\s-]/g, '').replace(/^\+/, ''))
  .pipe(z.string().regex(/^(?:[1-9]\d{7,14})?$/, HELP_NUMBER_MESSAGE))
  .transform((digits) => (digits === '' ? null : digits))
  .nullable();

export const brandingUpdateRequestSchema = z.object({
  siteName: z.string().trim().min(1, 'Site name is required').max(60).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1a2b3c')
    .optional(),
  logoImg: imageDataUrlSchema.optional(),
  faviconImg: imageDataUrlSchema.optional(),
  helpWhatsapp: helpNumberSchema.optional(),
  helpPhone: helpNumberSchema.optional(),
});
export type BrandingUpdateRequest = z.infer<typeof brandingUpdateRequestSchema>;

export const bannerCreateRequestSchema = z.object({
  baseImage: imageDataUrlSchema,
  order: z.number().int().min(0).max(1000),
});
export const bannerUpdateRequestSchema = z.object({ order: z.number().int().min(0).max(1000) });
/** The whole banner order at once: ids first to last. One transaction, one audit entry. */
export const bannerReorderRequestSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });

export const auditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  /** The operator as a person reads them: name and mobile number. */
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** A readable name of the target (a user's name and mobile number, a market's event and name, …). */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Free text of a filter: no control characters (the database refuses NUL), at most 80 characters. */
const filterText = z
  .string()
  .trim()
  .max(80, 'At most 80 characters')
  .regex(/^[^\p{Cc}]*$/u, 'Remove the special characters');

/** A calendar date in India time, YYYY-MM-DD, that exists. */
export const indiaDateSchema = calendarDate('Dates look like 2026-11-21');

/**
 * Filters of the audit log: who (an operator's name, username, mobile number or id), what (an action),
 * the target (its id, or a user's name or mobile number) and India dates from/to, both inclusive.
 */
export const auditListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    targetId: z.string().uuid().optional(),
    actor: filterText.optional(),
    action: z
      .string()
      .max(80)
      .regex(/^[a-z_.]*$/, 'Unknown action')
      .optional(),
    target: filterText.optional(),
    from: indiaDateSchema.optional(),
    to: indiaDateSchema.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
/** Every action the log holds, for the "what" filter. */
export const auditActionsEnvelope = envelope(z.object({ actions: z.array(z.string()) }));
export const auditListEnvelope = envelope(z.object({ items: z.array(auditEntrySchema), total: z.number().int() }));
