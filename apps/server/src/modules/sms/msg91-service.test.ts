import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMsg91Fake } from '../../../test/msg91-fake.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createTestApp, createTestDatabase, nextIp, nextMobile } from '../../../test/test-app.js';
import { ConfigError, loadConfig } from '../../config.js';

/**
 * Issue 29 "Reach players", decision 0060: SMS_ADAPTER=msg91 wired into the product. Sign-up's OTP goes
 * through MSG91's OTP API (a local fake that speaks its documented shapes) and verifies; every message
 * has a row whose status the delivery-report webhook moves; an OTP that is not delivered goes to voice,
 * once across processes; an outage or a text with no DLT template is refused, never a 500.
 */
const AUTH_KEY = 'msg91-test-authkey';
const TOKEN = 'webhook-token-0123456789abcdef';
let fake: Awaited<ReturnType<typeof startMsg91Fake>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startMsg91Fake({ authKey: AUTH_KEY, templates: ['khel-otp'] });
  t = await createTestApp({
    SMS_ADAPTER: 'msg91',
    MSG91_AUTH_KEY: AUTH_KEY,
    MSG91_API_URL: fake.url,
    MSG91_WEBHOOK_TOKEN: TOKEN,
    // Longer than the 30 s before a resend is allowed, so a resent OTP supersedes one not yet due.
    SMS_VOICE_FALLBACK_SECONDS: '45',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const msg91 = () => {
  if (t.services.msg91 === null) throw new Error('SMS_ADAPTER=msg91 did not make the MSG91 service');
  return t.services.msg91;
};

async function signUp(mobileNo: string) {
  return call(t.app, 'POST', '/api/v1/signUp', {
    ip: nextIp(),
    body: {
      name: 'Meera Iyer',
      mobile_no: mobileNo,
      password: 'monsoon-rain-42',
      confirmPassword: 'monsoon-rain-42',
      ageConfirmed: true,
    },
  });
}

/** The OTP MSG91 was asked to send to this number (the last one). */
const otpSentTo = (mobileNo: string) =>
  fake.calls.filter((c) => c.path === '/api/v5/otp' && c.query.mobile === mobileNo).at(-1)?.query.otp;

/** MSG91's v2 webhook: form-encoded, `data` a JSON array (its help centre's sample shape). */
function reportV2(requestId: string, number: string, status: string, desc: string) {
  const data = JSON.stringify([
    {
      senderId: 'KHELIN',
      requestId,
      report: [{ date: '2026-11-21 12:00:00', number, status, desc }],
      userId: '12345',
      campaignName: 'SendOTP',
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/sms/msg91/reports?token=${TOKEN}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ data }).toString(),
  });
}

async function scrape(): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
}

describe('SMS_ADAPTER=msg91', () => {
  it("sends sign-up's OTP through MSG91's OTP API; the code it carried verifies; the message is kept as sent, without its text", async () => {
    const mobileNo = nextMobile();
    expect((await signUp(mobileNo)).body.meta.code).toBe(200);
    const code = otpSentTo(mobileNo);
    expect(code).toMatch(/^\d{4}$/);
    const sent = fake.calls.find((c) => c.query.mobile === mobileNo);
    expect(sent).toMatchObject({
      method: 'POST',
      query: { template_id: 'khel-otp' },
      body: { var1: 'Khel', var2: 'verification' },
    });
    const verify = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: code } });
    expect(verify.body.meta.code).toBe(200);

    const [message] = await msg91().messages(mobileNo);
    expect(message).toMatchObject({ template: 'otp', provider: 'msg91', otp: true, status: 'sent' });
    expect(message?.requestId).toMatch(/^[0-9a-f]{24}$/);
    // Nothing outside the outbox adapter keeps the text: the code is not in the database.
    expect(await t.services.sms.outbox(mobileNo)).toEqual([]);
    const row = await t.db.query('select * from sms_messages where mobile_no = $1', [mobileNo]);
    expect(JSON.stringify(row.rows)).not.toContain(`"${code}"`);
  });

  it('stores each delivery report on its message (v2 form-encoded, v3 JSON); a late "submitted" never undoes delivered', async () => {
    const mobileNo = nextMobile();
    await signUp(mobileNo);
    const [message] = await msg91().messages(mobileNo);
    const requestId = message?.requestId as string;

    const submitted = await reportV2(requestId, mobileNo, '8', 'SUBMITTED');
    expect(submitted.json()).toMatchObject({ meta: { code: 200 }, data: { reports: 1, ours: 1 } });
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({ status: 'sent', reportStatus: '8' });

    const v3 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/msg91/reports?token=${TOKEN}`,
      payload: { requestId, number: mobileNo, status: '1', desc: 'DELIVERED', date: '2026-11-21 12:00:05' },
    });
    expect(v3.json()).toMatchObject({ data: { ours: 1 } });
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({
      status: 'delivered',
      reportStatus: '1',
      reportDescription: 'DELIVERED',
    });
    await reportV2(requestId, mobileNo, '8', 'SUBMITTED');
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({ status: 'delivered' });

    // Someone else's request id changes nothing.
    expect((await reportV2('not-ours-0000', mobileNo, '2', 'FAILED')).json()).toMatchObject({ data: { ours: 0 } });
  });

  it('answers a wrong or missing token as an unknown route, and a body that is no report as a validation failure', async () => {
    for (const url of ['/api/v1/sms/msg91/reports', '/api/v1/sms/msg91/reports?token=wrong-token-0123456789abcdef']) {
      const answer = await t.app.inject({ method: 'POST', url, payload: { requestId: 'a', number: '1', status: '1' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ meta: { error: 'ROUTE_NOT_FOUND' } });
    }
    for (const payload of [
      { data: 'not json' },
      { data: '[{"requestId":"a","report":[null]}]' },
      { hello: 'world' },
      [],
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: `/api/v1/sms/msg91/reports?token=${TOKEN}`, payload });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ meta: { code: 400, error: 'VALIDATION_FAILED' } });
    }
  });

  it('sends an OTP reported failed to voice at once, and only once', async () => {
    const mobileNo = nextMobile();
    await signUp(mobileNo);
    const requestId = (await msg91().messages(mobileNo))[0]?.requestId as string;
    await reportV2(requestId, mobileNo, '2', 'FAILED');
    await reportV2(requestId, mobileNo, '2', 'FAILED');
    const voice = fake.calls.filter((c) => c.path === '/api/v5/otp/retry' && c.query.mobile === mobileNo);
    expect(voice).toEqual([
      expect.objectContaining({ method: 'GET', query: { retrytype: 'voice', mobile: mobileNo } }),
    ]);
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({ status: 'failed', reportStatus: '2' });
    expect((await msg91().messages(mobileNo))[0]?.voiceAt).not.toBeNull();
  });

  it('sends an OTP with no delivery report past the fallback to voice, once however many sweeps run at once; a delivered one never', async () => {
    const waiting = nextMobile();
    const delivered = nextMobile();
    await signUp(waiting);
    await signUp(delivered);
    const deliveredId = (await msg91().messages(delivered))[0]?.requestId as string;
    await reportV2(deliveredId, delivered, '1', 'DELIVERED');
    const voiceCalls = (mobileNo: string) =>
      fake.calls.filter((c) => c.path === '/api/v5/otp/retry' && c.query.mobile === mobileNo).length;

    await msg91().sweepVoice();
    expect(voiceCalls(waiting)).toBe(0); // not yet 45 s
    t.clock.advanceMs(46_000);
    // Two processes' sweeps at once (the same database): the row is claimed before the call.
    await Promise.all([msg91().sweepVoice(), msg91().sweepVoice(), msg91().sweepVoice()]);
    await msg91().sweepVoice();
    expect(voiceCalls(waiting)).toBe(1);
    expect(voiceCalls(delivered)).toBe(0);
  });

  it('calls only about the latest OTP of a number: one superseded by a newer one is left to it', async () => {
    const mobileNo = nextMobile();
    await signUp(mobileNo);
    t.clock.advanceMs(31_000); // a resend is allowed; the first is not due yet (45 s)
    const resend = await call(t.app, 'POST', '/api/v1/resend-otp', { ip: nextIp(), body: { mobile_no: mobileNo } });
    expect(resend.body.meta.code).toBe(200);
    const voiceCalls = () =>
      fake.calls.filter((c) => c.path === '/api/v5/otp/retry' && c.query.mobile === mobileNo).length;
    t.clock.advanceMs(15_000);
    await msg91().sweepVoice();
    expect(voiceCalls()).toBe(0); // the first is past its fallback, but superseded; the second is not due yet
    t.clock.advanceMs(31_000);
    await msg91().sweepVoice();
    expect(voiceCalls()).toBe(1);
    const [latest, first] = await msg91().messages(mobileNo);
    expect(latest?.voiceAt).not.toBeNull();
    expect(first?.voiceAt).toBeNull();
  });

  it('never calls about an OTP past its 5 minutes: it would speak a dead code', async () => {
    const mobileNo = nextMobile();
    await signUp(mobileNo);
    t.clock.advanceMs(5 * 60_000 + 1000);
    await msg91().sweepVoice();
    expect(fake.calls.filter((c) => c.path === '/api/v5/otp/retry' && c.query.mobile === mobileNo)).toEqual([]);
  });

  it('answers SMS_NOT_SENT (never a 500) when MSG91 stays down through its retries, and keeps the message as failed', async () => {
    const mobileNo = nextMobile();
    fake.failNextCalls(3);
    const answer = await signUp(mobileNo);
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code: 503, error: 'SMS_NOT_SENT' });
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({ status: 'failed', error: 'MSG91 answered HTTP 500' });
    // "Try again in a moment" works: the send that did not go out is not counted against the number.
    const again = await signUp(mobileNo);
    expect(again.body.meta.code).toBe(200);
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({ status: 'sent' });
  });

  it('refuses a text that matches no registered DLT template before asking MSG91, and keeps the refusal', async () => {
    const mobileNo = nextMobile();
    const before = fake.calls.length;
    await expect(msg91().send(mobileNo, 'Win big tonight! Click here')).rejects.toMatchObject({ code: 'SMS_NOT_SENT' });
    expect(fake.calls.length).toBe(before);
    expect((await msg91().messages(mobileNo))[0]).toMatchObject({ status: 'refused', template: null, otp: false });
  });

  it('counts every outcome for Prometheus', async () => {
    const text = await scrape();
    for (const outcome of ['sent', 'delivered', 'failed', 'refused', 'voice'])
      expect(text).toMatch(new RegExp(`^khel_sms_total\\{outcome="${outcome}"\\} [1-9]`, 'm'));
  });
});

describe('MSG91 configuration is checked at boot', () => {
  it.each([
    [{ SMS_ADAPTER: 'msg91', MSG91_WEBHOOK_TOKEN: TOKEN }, 'MSG91_AUTH_KEY'],
    [{ SMS_ADAPTER: 'msg91', MSG91_AUTH_KEY: AUTH_KEY }, 'MSG91_WEBHOOK_TOKEN'],
    [{ SMS_ADAPTER: 'msg91', MSG91_AUTH_KEY: AUTH_KEY, MSG91_WEBHOOK_TOKEN: 'short' }, 'MSG91_WEBHOOK_TOKEN must'],
    [{ MSG91_API_URL: 'https://control.msg91.com/api' }, 'no path'],
    [
      { NODE_ENV: 'production', SMS_ADAPTER: 'msg91', MSG91_AUTH_KEY: AUTH_KEY, MSG91_WEBHOOK_TOKEN: TOKEN },
      'SMS_DLT_TEMPLATES',
    ],
    [{ SMS_DLT_TEMPLATES: '{' }, 'SMS_DLT_TEMPLATES is not JSON'],
    [{ SMS_DLT_TEMPLATES: '[]' }, 'non-empty JSON array'],
    [
      {
        SMS_DLT_TEMPLATES: JSON.stringify([
          { name: 'otp', content: '{#var#} code', dltTemplateId: '12', msg91TemplateId: 'x', otp: true },
        ]),
      },
      'dltTemplateId',
    ],
  ])('%o is refused naming %s', (env, words) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(words);
  });

  it('reads the operator templates, and refuses to start when the OTP text matches none of them', async () => {
    const otherBrand = [
      {
        name: 'otp',
        content: '{#var#} is your Other verification code. It expires in 5 minutes. Never share it with anyone.',
        dltTemplateId: '1107170000000000009',
        msg91TemplateId: 'other-otp',
        otp: true,
      },
    ];
    const env = {
      SMS_ADAPTER: 'msg91',
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_WEBHOOK_TOKEN: TOKEN,
      SMS_DLT_TEMPLATES: JSON.stringify(otherBrand),
    };
    expect(loadConfig(env).smsDltTemplates).toEqual(otherBrand);
    const database = await createTestDatabase();
    try {
      await expect(createTestApp(env, database)).rejects.toThrow(/SMS_DLT_TEMPLATES: no registered template matches/);
    } finally {
      await database.drop();
    }
  });
});
