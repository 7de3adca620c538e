import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, checkImageFile } from './image-file';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('checkImageFile', () => {
  it('accepts a PNG by its bytes, whatever its name says, and labels the data URL correctly', async () => {
    const result = await checkImageFile(new File([new Uint8Array(PNG_HEAD)], 'logo.jpg', { type: 'image/jpeg' }));
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('refuses a file that only claims to be an image', async () => {
    const result = await checkImageFile(
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' }),
    );
    expect(result).toEqual({ ok: false, message: 'Choose a PNG, JPEG or WebP image' });
  });

  it('refuses more than 5 MB before reading it', async () => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' });
    expect(await checkImageFile(big)).toEqual({ ok: false, message: 'huge.png is larger than 5 MB' });
  });
});
