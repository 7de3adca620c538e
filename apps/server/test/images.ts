import sharp from 'sharp';

/** Real images made on the fly for upload tests. */
export async function pngDataUrl(width = 40, height = 30, colour = '#3366ff'): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

export async function jpegBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#228833' } })
    .jpeg()
    .toBuffer();
}

export const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
