import { z } from 'zod';
import { MONEY_MODES } from './constants.js';
import { envelope } from './envelope.js';

/** Site branding and what the client needs to know at start (PRODUCT.md §3). Public. */
export const appSettingsSchema = z.object({
  siteName: z.string(),
  logoImg: z.string(),
  faviconImg: z.string(),
  /** Brand colour, #rrggbb. */
  color: z.string(),
  moneyMode: z.enum(MONEY_MODES),
  currency: z.literal('INR'),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
export const appSettingsEnvelope = envelope(appSettingsSchema);

/** A banner of the Home slider, sorted by order. Public. */
export const bannerSchema = z.object({ _id: z.string(), baseImage: z.string(), order: z.number().int() });
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListEnvelope = envelope(z.array(bannerSchema));

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), uptimeSeconds: z.number() });
