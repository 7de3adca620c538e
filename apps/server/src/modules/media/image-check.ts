/**
 * Uploaded images are judged by their bytes, never by the name or the declared type: only PNG, JPEG
 * and WebP, at most 5 MB (PRODUCT.md §4). Anything else (SVG, HTML, a polyglot whose first bytes are
 * not an image signature) is refused.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type RasterType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffRasterType(bytes: Uint8Array): RasterType | null {
  const startsWith = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Decodes a `data:<type>;base64,<payload>` URL; null when it is not one. */
export function decodeDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:[\w.+/-]*(;[\w=.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (match === null) return null;
  return Buffer.from(match[2] ?? '', 'base64');
}
