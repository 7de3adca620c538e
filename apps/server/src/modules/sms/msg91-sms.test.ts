import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMsg91Fake } from '../../../test/msg91-fake.js';
import { DEFAULT_DLT_TEMPLATES, createDltRegistry } from './dlt-templates.js';
import { SmsNotRegistered, SmsRefusedByProvider, createMsg91Sender, parseDeliveryReports } from './msg91-sms.js';

/** Issue 29 "Reach players": the MSG91 adapter against a local fake of MSG91's documented HTTP API. */
const AUTH_KEY = 'test-authkey-123';
const registry = createDltRegistry([
  ...DEFAULT_DLT_TEMPLATES,
  {
    name: 'withdrawal-paid',
    content: 'Your withdrawal of Rs {#var#} from {#var#} has been paid.',
    dltTemplateId: '1107170000000000002',
    msg91TemplateId: 'khel-withdrawal-paid',
    otp: false,
  },
]);
let fake: Awaited<ReturnType<typeof startMsg91Fake>>;

beforeAll(async () => {
  fake = await startMsg91Fake({ authKey: AUTH_KEY, templates: ['khel-otp', 'khel-withdrawal-paid'] });
});
afterAll(async () => fake.close());

const sender = (extra: Partial<Parameters<typeof createMsg91Sender>[0]> = {}) =>
  createMsg91Sender({ baseUrl: fake.url, authKey: AUTH_KEY, registry, retryDelaysMs: [1, 1], ...extra });
const OTP_TEXT = '4821 is your Khel verification code. It expires in 5 minutes. Never share it with anyone.';

describe('MSG91 SMS adapter', () => {
  it('sends an OTP through the OTP API with its template, number and code, the other variables in the body', async () => {
    fake.calls.length = 0;
    const requestId = await sender().send('919812345678', OTP_TEXT);
    expect(requestId).toMatch(/^[0-9a-f]{24}$/);
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/api/v5/otp',
        query: { template_id: 'khel-otp', mobile: '919812345678', otp: '4821' },
        body: { var1: 'Khel', var2: 'verification' },
      },
    ]);
  });

  it('sends any other registered text through Flow with its template and variables', async () => {
    fake.calls.length = 0;
    await sender().send('919812345678', 'Your withdrawal of Rs 1,500.00 from Khel has been paid.');
    expect(fake.calls[0]).toMatchObject({
      path: '/api/v5/flow',
      body: {
        template_id: 'khel-withdrawal-paid',
        short_url: '0',
        recipients: [{ mobiles: '919812345678', var1: '1,500.00', var2: 'Khel' }],
      },
    });
  });

  it('refuses a text that matches no registered DLT template before asking MSG91', async () => {
    fake.calls.length = 0;
    await expect(sender().send('919812345678', 'Win big tonight! Click here')).rejects.toBeInstanceOf(SmsNotRegistered);
    // A registered template with more text around it is not that template either.
    await expect(sender().send('919812345678', `${OTP_TEXT} Reply STOP`)).rejects.toBeInstanceOf(SmsNotRegistered);
    expect(fake.calls).toEqual([]);
  });

  it('retries an outage (HTTP 500) and gives up after its delays; a refusal is final', async () => {
    fake.calls.length = 0;
    fake.failNextCalls(2);
    await expect(sender().send('919812345678', OTP_TEXT)).resolves.toMatch(/^[0-9a-f]{24}$/);
    expect(fake.calls).toHaveLength(3);
    fake.calls.length = 0;
    fake.failNextCalls(3);
    await expect(sender().send('919812345678', OTP_TEXT)).rejects.toThrow('HTTP 500');
    expect(fake.calls).toHaveLength(3);
    fake.calls.length = 0;
    await expect(
      createMsg91Sender({ baseUrl: fake.url, authKey: 'wrong', registry }).send('919812345678', OTP_TEXT),
    ).rejects.toBeInstanceOf(SmsRefusedByProvider);
    expect(fake.calls).toHaveLength(1);
  });

  it('falls back to a voice call when the OTP is not delivered in time, or at once on a failed report', async () => {
    fake.calls.length = 0;
    const slow = sender({ voiceFallbackAfterMs: 20 });
    await slow.send('919812345678', OTP_TEXT);
    await expect.poll(() => fake.calls.map((call) => call.path)).toEqual(['/api/v5/otp', '/api/v5/otp/retry']);
    expect(fake.calls[1]?.query).toEqual({ retrytype: 'voice', mobile: '919812345678' });

    fake.calls.length = 0;
    const waiting = sender({ voiceFallbackAfterMs: 60_000 });
    const delivered = await waiting.send('919800000001', OTP_TEXT);
    const failed = await waiting.send('919800000002', OTP_TEXT);
    const reports = parseDeliveryReports(
      JSON.stringify([
        {
          requestId: delivered,
          userId: '1',
          senderId: 'KHELIN',
          report: [{ date: '2026-11-28 10:00:00', number: '919800000001', status: '1', desc: 'DELIVERED' }],
        },
        {
          requestId: failed,
          userId: '1',
          senderId: 'KHELIN',
          report: [{ date: '2026-11-28 10:00:01', number: '919800000002', status: '2', desc: 'FAILED' }],
        },
      ]),
    );
    expect(reports.map((report) => report.description)).toEqual(['DELIVERED', 'FAILED']);
    for (const report of reports) await waiting.delivered(report);
    expect(fake.calls.map((call) => `${call.path} ${call.query.mobile}`)).toEqual([
      '/api/v5/otp 919800000001',
      '/api/v5/otp 919800000002',
      '/api/v5/otp/retry 919800000002',
    ]);
    waiting.stop();
  });
});
