import { z } from 'zod';
import { ROLE_IDS } from './constants.js';
import { envelope } from './envelope.js';
import { newPasswordSchema } from './identity.js';
import { MESSAGES } from './messages.js';
import { mobileNoSchema } from './phone.js';
import { backofficeUserSchema } from './backoffice.js';

/** The agent tree in the back office (PRODUCT.md §9, decision 0018). */

/** A new account in a downline: the role must be one the upline's role may create (CREATABLE_ROLES). */
export const downlineAccountRequestSchema = z.object({
  role: z
    .number()
    .int()
    .refine((value) => (ROLE_IDS as number[]).includes(value), 'Unknown role'),
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(80),
  mobile_no: mobileNoSchema,
  password: newPasswordSchema,
  /** Where in the caller's subtree the account hangs; omitted: directly under the caller. */
  uplineId: z.string().uuid('Unknown id').optional(),
});
export type DownlineAccountRequest = z.infer<typeof downlineAccountRequestSchema>;

/** An operator or agent sets a new password for an account below it; every session of that account ends. */
export const passwordResetByOperatorRequestSchema = z.object({ password: newPasswordSchema });
export type PasswordResetByOperatorRequest = z.infer<typeof passwordResetByOperatorRequestSchema>;

/** One step of the breadcrumb from the caller's own place in the tree down to an account. */
export const treeStepSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.number().int(),
});
export type TreeStep = z.infer<typeof treeStepSchema>;
export const treePathEnvelope = envelope(z.object({ path: z.array(treeStepSchema) }));
export const downlineAccountEnvelope = envelope(backofficeUserSchema);
