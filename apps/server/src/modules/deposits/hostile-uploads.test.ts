import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { call, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { dataUrl, jpegBytes, pngDataUrl } from '../../../test/images.js';
import { seedDemoData } from '../demo/demo-seed.js';

/**
 * PRODUCT.md §4: screenshots are PNG, JPEG or WebP only, checked by content, at most 5 MB, re-encoded.
 * Each hostile file is refused or neutralised, and nothing answers 500.
 */
let t: TestApp;
let token: string;
let upiAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
  token = (await signUpPlayer(t)).token;
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token })).body.data as {
    _id: string;
    type: string;
  }[];
  upiAccountId = accounts.find((account) => account.type === 'upi')?._id as string;
});
afterAll(async () => t.close());

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring 60,000 × 60,000 pixels over a few kilobytes: a decompression bomb. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(60_001 * 64), { level: 9 }); // only the first rows: decoding must never get here
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let refCounter = 0;
async function upload(baseImage: string) {
  refCounter += 1;
  return call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token,
    body: { amount: 500, accountId: upiAccountId, type: 'upi', baseImage, txnRef: `HOSTILE${refCounter}` },
  });
}

async function storedScreenshot(depositId: string): Promise<Buffer> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/deposit-screenshot/${depositId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.rawPayload;
}

describe('hostile screenshots', () => {
  it.each([
    [
      'SVG with a script, declared PNG',
      async () =>
        dataUrl(
          'image/png',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
        ),
    ],
    [
      'HTML renamed .png',
      async () =>
        dataUrl('image/png', Buffer.from('<!doctype html><html><script>fetch("/api/v1/getUserData")</script></html>')),
    ],
    ['a truncated JPEG', async () => dataUrl('image/jpeg', (await jpegBytes(400, 300)).subarray(0, 600))],
    ['a decompression bomb (60,000 × 60,000 PNG)', async () => dataUrl('image/png', pngBomb())],
    [
      'a data URL claiming JPEG that holds a GIF',
      async () =>
        dataUrl(
          'image/jpeg',
          Buffer.from(
            'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
            'binary',
          ),
        ),
    ],
    [
      'a decoded image over 5 MB',
      async () =>
        dataUrl(
          'image/png',
          Buffer.concat([
            Buffer.from((await pngDataUrl()).split(',')[1] as string, 'base64'),
            Buffer.alloc(5 * 1024 * 1024),
          ]),
        ),
    ],
    ['not a data URL at all', async () => 'javascript:alert(1)'],
  ])('refuses %s', async (_label, make) => {
    const answer = await upload(await make());
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code: 422, error: 'UNSUPPORTED_IMAGE' });
  });

  it('neutralises a polyglot: a real JPEG with HTML and a ZIP appended is re-encoded without them', async () => {
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>PK\x03\x04polyglot-zip-entry');
    const polyglot = Buffer.concat([await jpegBytes(120, 90), payload]);
    const answer = await upload(dataUrl('image/jpeg', polyglot));
    expect(answer.body.meta.code).toBe(200);
    const stored = await storedScreenshot((answer.body.data as { _id: string })._id);
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('polyglot-zip-entry'))).toBe(false);
  });

  it('judges a data URL by its bytes: PNG bytes declared as JPEG are accepted and re-encoded to JPEG', async () => {
    const png = Buffer.from((await pngDataUrl(50, 50)).split(',')[1] as string, 'base64');
    const answer = await upload(dataUrl('image/jpeg', png));
    expect(answer.body.meta.code).toBe(200);
    expect((await storedScreenshot((answer.body.data as { _id: string })._id)).subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
  });

  it('strips metadata (EXIF) on re-encoding', async () => {
    const sharp = (await import('sharp')).default;
    const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-location-data'))).toBe(true);
    const answer = await upload(dataUrl('image/jpeg', withExif));
    const stored = await storedScreenshot((answer.body.data as { _id: string })._id);
    expect(stored.includes(Buffer.from('secret-location-data'))).toBe(false);
  });

  it('answers 413 to a body over the limit', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-deposit-request',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        amount: 500,
        accountId: upiAccountId,
        type: 'upi',
        baseImage: `data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`,
      }),
    });
    expect(answer.statusCode).toBe(413);
  });

  it('stored nothing for the refused files', async () => {
    const rows = await t.db.query<{ n: number }>('select count(*)::int as n from deposit_requests');
    expect(rows.rows[0]?.n).toBe(3);
  });
});
