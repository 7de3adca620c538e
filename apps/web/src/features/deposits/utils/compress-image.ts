import { msg } from '../../../lib/i18n/i18n';
/** Screenshots up to this size are sent as they are. */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
/** The server's limit (PRODUCT.md §4). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest side after resizing: a payment screenshot stays readable at this size. */
export const MAX_IMAGE_EDGE = 1600;

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export class ImageTooLargeError extends Error {
  constructor() {
    super(msg('The screenshot is larger than 5 MB even after compressing it'));
    this.name = 'ImageTooLargeError';
  }
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(blob);
  });
}

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * What the file really is, from its first bytes (PNG, JPEG, WebP signatures), whatever its name or
 * declared type: a PDF renamed .png is refused at once in the modal, not after the upload (issue 31).
 */
export async function imageTypeOf(file: Blob): Promise<(typeof ACCEPTED_IMAGE_TYPES)[number] | null> {
  const bytes = await readBytes(file.slice(0, 12));
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = String.fromCharCode(...bytes);
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Bytes a base64 data URL stands for. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4);
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Could not read the image'));
    };
    image.src = url;
  });
}

/**
 * The screenshot as a data URL for baseImage. Up to 1 MB it is sent untouched; above that it is drawn
 * on a canvas no larger than 1600 px on its longest side and re-encoded as JPEG, lowering the quality
 * until it fits in 5 MB. Phones on slow networks upload a fraction of the bytes; the server re-encodes
 * every image anyway.
 */
export async function prepareScreenshot(file: File): Promise<string> {
  if (file.size <= COMPRESS_ABOVE_BYTES) return readAsDataUrl(file);
  const image = await loadImage(file);
  const scale = Math.min(1, MAX_IMAGE_EDGE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    if (file.size <= MAX_IMAGE_BYTES) return readAsDataUrl(file);
    throw new ImageTooLargeError();
  }
  // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.85, 0.7, 0.5]) {
    const dataUrl = canvas.toDataURL('image/jpeg', quality);
    if (dataUrlBytes(dataUrl) <= MAX_IMAGE_BYTES) return dataUrl;
  }
  throw new ImageTooLargeError();
}
