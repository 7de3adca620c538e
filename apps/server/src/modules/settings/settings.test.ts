import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_NUMBER_MESSAGE, ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { seedDemoData } from '../demo/demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
});
afterAll(async () => t.close());

/** The smallest valid PNG: 1×1, one transparent pixel. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('public branding and banners', () => {
  it('serves app settings with brand colour, images and money mode', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/app-settings');
    expect(answer.body.data).toMatchObject({ siteName: 'Khel', color: '#f5a524', moneyMode: 'play', currency: 'INR' });
    const { logoImg } = answer.body.data as { logoImg: string };
    const logo = await t.app.inject({ method: 'GET', url: logoImg });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
  });

  it('lists banners sorted by order', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/advertisement');
    const banners = answer.body.data as { order: number; baseImage: string }[];
    expect(banners.length).toBe(3);
    expect(banners.map((banner) => banner.order)).toEqual([1, 2, 3]);
  });

  it('answers 404 in the envelope for an unknown image', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/media/00000000-0000-0000-0000-000000000000');
    expect(answer.body.meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });
});

describe('operators edit branding and banners (audited)', () => {
  it('lets a director change colour, name and logo, and records it', async () => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const answer = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: director.token,
      body: { siteName: 'Khel Play', color: '#22AA88', logoImg: dataUrl('image/png', TINY_PNG) },
    });
    expect(answer.body.meta.code).toBe(200);
    expect(answer.body.data).toMatchObject({ siteName: 'Khel Play', color: '#22aa88' });
    const logo = await t.app.inject({ method: 'GET', url: (answer.body.data as { logoImg: string }).logoImg });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(TINY_PNG)).toBe(true);

    const audit = await call(t.app, 'GET', '/api/v1/backoffice/audit-log', { token: director.token });
    const entry = (
      audit.body.data as { items: { action: string; actorId: string; details: Record<string, unknown> }[] }
    ).items[0];
    expect(entry).toMatchObject({ action: 'branding.update', actorId: director.userId });
    expect(entry?.details).toHaveProperty('color');
  });

  it.each([
    [
      'SVG with a script',
      dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ],
    ['HTML renamed .png', dataUrl('image/png', Buffer.from('<!doctype html><script>alert(1)</script>'))],
    ['an empty image', 'data:image/png;base64,'],
    ['not base64', 'data:image/png;base64,@@@@'],
    ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))],
  ])('refuses %s', async (_label, image) => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const answer = await call(t.app, 'POST', '/api/v1/backoffice/banners', {
      token: director.token,
      body: { baseImage: image, order: 9 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code: 422, error: 'UNSUPPORTED_IMAGE' });
  });

  it('adds, reorders and removes a banner', async () => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const created = await call(t.app, 'POST', '/api/v1/backoffice/banners', {
      token: director.token,
      body: { baseImage: dataUrl('image/png', TINY_PNG), order: 0 },
    });
    const id = (created.body.data as { _id: string })._id;
    let list = (await call(t.app, 'GET', '/api/v1/advertisement')).body.data as { _id: string }[];
    expect(list[0]?._id).toBe(id);
    await call(t.app, 'PUT', `/api/v1/backoffice/banners/${id}`, { token: director.token, body: { order: 50 } });
    list = (await call(t.app, 'GET', '/api/v1/advertisement')).body.data as { _id: string }[];
    expect(list.at(-1)?._id).toBe(id);
    const removed = await call(t.app, 'DELETE', `/api/v1/backoffice/banners/${id}`, { token: director.token });
    expect(removed.body.meta.code).toBe(200);
    const again = await call(t.app, 'DELETE', `/api/v1/backoffice/banners/${id}`, { token: director.token });
    expect(again.body.meta.error).toBe('NOT_FOUND');
    const actions = (
      (await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${id}`, { token: director.token })).body
        .data as { items: { action: string }[] }
    ).items.map((item) => item.action);
    expect(actions).toEqual(['banner.delete', 'banner.update', 'banner.create']);
  });

  it('sets the whole banner order in one call, and refuses a stale list', async () => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const before = (await call(t.app, 'GET', '/api/v1/advertisement')).body.data as { _id: string }[];
    const reversed = before.map((banner) => banner._id).reverse();
    const answer = await call(t.app, 'PUT', '/api/v1/backoffice/banners/order', {
      token: director.token,
      body: { ids: reversed },
    });
    expect((answer.body.data as { _id: string; order: number }[]).map((banner) => banner._id)).toEqual(reversed);
    const stale = await call(t.app, 'PUT', '/api/v1/backoffice/banners/order', {
      token: director.token,
      body: { ids: reversed.slice(1) },
    });
    expect(stale.body.meta).toMatchObject({ code: 409, error: 'CONFLICT' });
    const after = (await call(t.app, 'GET', '/api/v1/advertisement')).body.data as { _id: string }[];
    expect(after.map((banner) => banner._id)).toEqual(reversed);
    expect(answer.raw.headers['cache-control']).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/v1/advertisement')).raw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps branding to directors and the back office to operators', async () => {
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const player = await signUpPlayer(t);
    const bySupport = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: support.token,
      body: { color: '#000000' },
    });
    expect(bySupport.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const byPlayer = await call(t.app, 'GET', '/api/v1/backoffice/users', { token: player.token });
    expect(byPlayer.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const noToken = await call(t.app, 'GET', '/api/v1/backoffice/users');
    expect(noToken.status).toBe(401);
  });
});

describe('the help contact (issue 31)', () => {
  const helpOf = async () => {
    const data = (await call(t.app, 'GET', '/api/v1/app-settings')).body.data as Record<string, unknown>;
    return { helpWhatsapp: data.helpWhatsapp, helpPhone: data.helpPhone };
  };

  it('lets a director set WhatsApp and phone as international digits, audited, and clear each', async () => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    expect(await helpOf()).toEqual({ helpWhatsapp: null, helpPhone: null });
    const set = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: director.token,
      body: { helpWhatsapp: '+91 98765-43210', helpPhone: '918012345678' },
    });
    expect(set.body.data).toMatchObject({ helpWhatsapp: '919876543210', helpPhone: '918012345678' });
    expect(await helpOf()).toEqual({ helpWhatsapp: '919876543210', helpPhone: '918012345678' });
    const audit = await call(t.app, 'GET', '/api/v1/backoffice/audit-log', { token: director.token });
    const entry = (audit.body.data as { items: { action: string; details: Record<string, unknown> }[] }).items[0];
    expect(entry).toMatchObject({ action: 'branding.update' });
    expect(entry?.details).toEqual({
      help_whatsapp: { from: null, to: '919876543210' },
      help_phone: { from: null, to: '918012345678' },
    });

    // Another branding change keeps the numbers; null or an empty text removes one.
    await call(t.app, 'PUT', '/api/v1/backoffice/branding', { token: director.token, body: { color: '#123456' } });
    expect(await helpOf()).toEqual({ helpWhatsapp: '919876543210', helpPhone: '918012345678' });
    await call(t.app, 'PUT', '/api/v1/backoffice/branding', { token: director.token, body: { helpPhone: null } });
    expect(await helpOf()).toEqual({ helpWhatsapp: '919876543210', helpPhone: null });
    await call(t.app, 'PUT', '/api/v1/backoffice/branding', { token: director.token, body: { helpWhatsapp: ' ' } });
    expect(await helpOf()).toEqual({ helpWhatsapp: null, helpPhone: null });
  });

  it.each([
    ['too short', '12345'],
    ['a leading zero', '09876543210'],
    ['letters', '91987654321a'],
    ['more than 15 digits', '9198765432101234'],
    ['a number, not text', 919876543210],
  ])('refuses a number with %s in the envelope, changing nothing', async (_case, value) => {
    const director = await createOperator(t, ROLES.DIRECTOR);
    const before = await helpOf();
    const answer = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: director.token,
      body: { helpWhatsapp: value },
    });
    expect(answer.body.meta).toMatchObject({ code: 400 });
    expect(JSON.stringify(answer.body.meta)).toContain('helpWhatsapp');
    if (typeof value === 'string') expect(JSON.stringify(answer.body.meta)).toContain(HELP_NUMBER_MESSAGE);
    expect(await helpOf()).toEqual(before);
  });

  it('keeps the help numbers to directors', async () => {
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const bySupport = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: support.token,
      body: { helpPhone: '918012345678' },
    });
    expect(bySupport.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });
});
