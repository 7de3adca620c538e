import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANT_WIDTHS, type ImageInfo, type ImageVariantFormat } from '@khel/contract';
import { MAX_IMAGE_PIXELS } from './media-service.js';

/** What the variants need of a stored image. */
export interface SourceImage {
  id: string;
  contentType: string;
  bytes: Buffer | Uint8Array;
}

export interface ImageVariant {
  contentType: string;
  bytes: Buffer;
}

/** Encoded variants kept in memory, newest last; a restart re-encodes on demand. */
const CACHE_BYTES = 32 * 1024 * 1024;
const ENCODERS = {
  // effort 2: about 10x faster than the default 4 for a few per cent more bytes (ADR 0031).
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 2 }),
  webp: (image: Sharp) => image.webp({ quality: 75 }),
} satisfies Record<ImageVariantFormat, (image: Sharp) => Sharp>;

const isVector = (contentType: string) => contentType === 'image/svg+xml';

/** The srcset of a raster image of `width` pixels: the fixed widths below it, then its own width. */
export function variantSrcset(url: string, width: number, format: ImageVariantFormat): string {
  const below = IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const top = IMAGE_VARIANT_WIDTHS.find((candidate) => candidate >= width) ?? Math.max(...IMAGE_VARIANT_WIDTHS);
  const entries = below.map((candidate) => `${url}?w=${candidate}&format=${format} ${candidate}w`);
  entries.push(`${url}?w=${top}&format=${format} ${Math.min(width, top)}w`);
  return entries.join(', ');
}

/**
 * Smaller, modern-format copies of public images (Home banners, uploads): resized with sharp to one of
 * the contract's fixed widths (never enlarged) and encoded as AVIF or WebP on first request, then kept
 * in a bounded memory cache; concurrent requests for the same variant share one encode. Vector images
 * (SVG) stay as they are: they are smaller than any raster copy and sharp at every width.
 */
export function createImageVariants() {
  const encoded = new Map<string, Promise<ImageVariant>>();
  const sizes = new Map<string, number>();
  const infos = new Map<string, Promise<ImageInfo>>();
  let cachedBytes = 0;

  const remember = (key: string, bytes: number) => {
    sizes.set(key, bytes);
    cachedBytes += bytes;
    for (const [oldest, size] of sizes) {
      if (cachedBytes <= CACHE_BYTES) break;
      sizes.delete(oldest);
      encoded.delete(oldest);
      cachedBytes -= size;
    }
  };

  const encode = async (
    source: SourceImage,
    width: number | undefined,
    format: ImageVariantFormat,
  ): Promise<ImageVariant> => {
    let image: Sharp = sharp(source.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' }).rotate();
    if (width !== undefined) image = image.resize({ width, withoutEnlargement: true });
    return { contentType: `image/${format}`, bytes: await ENCODERS[format](image).toBuffer() };
  };

  return {
    /** The variant, or null when the image is vector (served as stored). */
    async variant(
      source: SourceImage,
      width: number | undefined,
      format: ImageVariantFormat,
    ): Promise<ImageVariant | null> {
      if (isVector(source.contentType)) return null;
      const key = `${source.id}:${width ?? 'full'}:${format}`;
      const cached = encoded.get(key);
      if (cached !== undefined) return cached;
      const pending = encode(source, width, format);
      encoded.set(key, pending);
      try {
        const variant = await pending;
        remember(key, variant.bytes.length);
        return variant;
      } catch (error) {
        encoded.delete(key);
        throw error;
      }
    },

    /** Intrinsic size and variant srcsets of the image at `url`; read once per image (ids are immutable). */
    info(source: SourceImage, url: string): Promise<ImageInfo> {
      let known = infos.get(source.id);
      if (known === undefined) {
        known = sharp(source.bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
          .metadata()
          .then((meta) => {
            const turned = (meta.orientation ?? 1) >= 5; // EXIF orientations 5–8 swap the sides
            const width = (turned ? meta.height : meta.width) ?? 1;
            const height = (turned ? meta.width : meta.height) ?? 1;
            const raster = !isVector(source.contentType);
            return {
              width,
              height,
              avifSrcset: raster ? variantSrcset(url, width, 'avif') : null,
              webpSrcset: raster ? variantSrcset(url, width, 'webp') : null,
            };
          });
        infos.set(source.id, known);
        known.catch(() => infos.delete(source.id));
      }
      return known;
    },
  };
}
export type ImageVariants = ReturnType<typeof createImageVariants>;
