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
  /**
   * Where a player gets help (issue 31), set by the operator with the branding: a WhatsApp number and a
   * phone number, each in international form as digits without the plus (919876543210); null when not
   * set, and the player app then shows no Help row for it.
   */
  helpWhatsapp: z.string().nullable(),
  helpPhone: z.string().nullable(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
export const appSettingsEnvelope = envelope(appSettingsSchema);

/** The widths (CSS pixels × density) the server resizes public raster images to, and the formats it encodes. */
export const IMAGE_VARIANT_WIDTHS = [360, 640, 960, 1280, 1600] as const;
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** GET /api/v1/media/:id?w=&format=: one of the fixed widths (never enlarged) in a modern format. */
export const mediaVariantQuerySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((width) => (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width), {
      message: `Width must be one of ${IMAGE_VARIANT_WIDTHS.join(', ')}`,
    })
    .optional(),
  format: z.enum(IMAGE_VARIANT_FORMATS).optional(),
});
export type MediaVariantQuery = z.infer<typeof mediaVariantQuerySchema>;

/**
 * An image's intrinsic size (for width/height attributes, so nothing shifts as it loads) and, for
 * raster images, `srcset`s of its AVIF and WebP variants with width descriptors; null for vector
 * images (SVG), which are served as they are.
 */
export const imageInfoSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  avifSrcset: z.string().nullable(),
  webpSrcset: z.string().nullable(),
});
export type ImageInfo = z.infer<typeof imageInfoSchema>;

/** The Home banner's width on screen (the content column, at most 1200 px): the `sizes` of its srcsets and of its preload. */
export const BANNER_SIZES = '(min-width: 1232px) 1200px, 100vw';

/** A banner of the Home slider, sorted by order. Public. */
export const bannerSchema = z.object({
  _id: z.string(),
  baseImage: z.string(),
  order: z.number().int(),
  image: imageInfoSchema.optional(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListEnvelope = envelope(z.array(bannerSchema));

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
