/** What the server accepts (PRODUCT.md §4): PNG, JPEG or WebP of at most 5 MB, checked by content. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

export type ImageCheck = { ok: true; dataUrl: string } | { ok: false; message: string };

function sniff(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const at = (index: number) => bytes[index] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

async function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const slice = file.slice(0, length);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  // Older engines (and jsdom) have no Blob.arrayBuffer; FileReader works everywhere.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(slice);
  });
}

function readAsDataUrl(file: Blob, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      // The server reads the bytes, but a correct declared type keeps previews and logs honest.
      resolve(result.replace(/^data:[^;,]*/, `data:${type}`));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Checks a chosen file before it travels: by its bytes (a renamed PDF is refused) and its size, so
 * the operator learns at once instead of after a 5 MB upload. The server checks again.
 */
export async function checkImageFile(file: File): Promise<ImageCheck> {
  if (file.size === 0) return { ok: false, message: 'The file is empty' };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: `${file.name} is larger than 5 MB` };
  const type = sniff(await readHead(file, 12));
  if (type === null) return { ok: false, message: 'Choose a PNG, JPEG or WebP image' };
  return { ok: true, dataUrl: await readAsDataUrl(file, type) };
}
