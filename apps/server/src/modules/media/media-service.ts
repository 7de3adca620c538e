import sharp from 'sharp';
import type { Queryable } from '../../db/database.js';
import { AppError, fail } from '../../lib/app-error.js';
import { sha256Hex } from '../../lib/crypto.js';
import { MAX_IMAGE_BYTES, decodeDataUrl, sniffRasterType } from './image-check.js';
import type { MediaRepository, MediaRow } from './media-repository.js';
import { createMediaRepository } from './media-repository.js';

/** More pixels than any phone screenshot has; a decompression bomb declares far more. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ReencodedImage {
  full: Buffer;
  thumbnail: Buffer;
}

/**
 * Images: operator uploads (logo, favicon, banners) are kept as sent after a byte check; player
 * screenshots are decoded and re-encoded to fresh JPEGs (PRODUCT.md §4), which drops metadata and
 * anything hidden after or inside the image (polyglots), and refuses bombs before decoding.
 */
export function createMediaService(repository: MediaRepository) {
  return {
    /** Checks a data URL's bytes (not its declared type) and stores them as they are. */
    async storeUpload(dataUrl: string, tx?: Queryable): Promise<string> {
      const bytes = decodeDataUrl(dataUrl);
      if (bytes === null || bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) fail('UNSUPPORTED_IMAGE');
      const type = sniffRasterType(bytes);
      if (type === null) fail('UNSUPPORTED_IMAGE');
      return (tx === undefined ? repository : createMediaRepository(tx)).insert(type, bytes, sha256Hex(bytes), false);
    },

    /** Images made by our own code (demo data). */
    async storeTrusted(contentType: 'image/svg+xml' | 'image/png', bytes: Buffer): Promise<string> {
      return repository.insert(contentType, bytes, sha256Hex(bytes), false);
    },

    /** Decodes and re-encodes a screenshot; refuses anything that is not a sane PNG, JPEG or WebP. */
    async reencodeScreenshot(dataUrl: string): Promise<ReencodedImage> {
      const bytes = decodeDataUrl(dataUrl);
      if (bytes === null || bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) fail('UNSUPPORTED_IMAGE');
      if (sniffRasterType(bytes) === null) fail('UNSUPPORTED_IMAGE');
      try {
        const input = () =>
          sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true });
        const meta = await input().metadata();
        if (
          !['png', 'jpeg', 'webp'].includes(meta.format ?? '') ||
          (meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS
        )
          fail('UNSUPPORTED_IMAGE');
        const full = await input()
          .rotate()
          .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 80 })
          .toBuffer();
        const thumbnail = await sharp(full)
          .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 70 })
          .toBuffer();
        return { full, thumbnail };
      } catch (error) {
        if (error instanceof AppError) throw error;
        fail('UNSUPPORTED_IMAGE');
      }
    },

    async storePrivateJpeg(bytes: Buffer, tx?: Queryable): Promise<string> {
      return (tx === undefined ? repository : createMediaRepository(tx)).insert(
        'image/jpeg',
        bytes,
        sha256Hex(bytes),
        true,
      );
    },

    async find(id: string): Promise<MediaRow | null> {
      return repository.find(id);
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
