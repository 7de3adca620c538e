import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMsg91Fake } from '../../../test/msg91-fake.js';
import { DEFAULT_DLT_TEMPLATES, createDltRegistry } from './dlt-templates.js';
import {
  SmsNotRegistered,
  SmsRefusedByProvider,
  createMsg91Sender,
  parseDeliveryReports,
  reportOutcome,
} from './msg91-sms.js';

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
    const { requestId, template } = await sender().send('919812345678', OTP_TEXT);
    expect(requestId).toMatch(/^[0-9a-f]{24}$/);
    expect(template.name).toBe('otp');
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
    await expect(sender().send('919812345678', OTP_TEXT)).resolves.toMatchObject({
      requestId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
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

  it('asks for the voice call of the OTP last sent to a number through Retry OTP', async () => {
    fake.calls.length = 0;
    await sender().voice('919812345678');
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/api/v5/otp/retry',
        query: { retrytype: 'voice', mobile: '919812345678' },
        body: null,
      },
    ]);
  });

  it("reads both of MSG91's SMS webhook bodies, and nothing else", () => {
    // v2: form-encoded, `data` a JSON array of requests with their per-number reports (MSG91's help centre sample).
    const v2 = {
      data: JSON.stringify([
        {
          senderId: 'KHELIN',
          requestId: '3365646f1234567890',
          report: [
            { date: '2026-11-28 10:00:00', number: '919800000001', status: '1', desc: 'DELIVERED' },
            { date: '2026-11-28 10:00:01', number: '919800000002', status: '2', desc: 'FAILED' },
          ],
          userId: '12345',
          campaignName: 'API',
        },
      ]),
    };
    expect(parseDeliveryReports(v2)).toEqual([
      { requestId: '3365646f1234567890', mobileNo: '919800000001', status: '1', description: 'DELIVERED' },
      { requestId: '3365646f1234567890', mobileNo: '919800000002', status: '2', description: 'FAILED' },
    ]);
    // v3: one JSON object a report.
    expect(
      parseDeliveryReports({ requestId: 'abc', number: '919800000003', status: '16', desc: 'REJECTED', date: 'x' }),
    ).toEqual([{ requestId: 'abc', mobileNo: '919800000003', status: '16', description: 'REJECTED' }]);
    for (const hostile of [
      null,
      'text',
      {},
      { data: 'not json' },
      { data: '{"requestId":"a"}' },
      { data: '[null]' },
      { data: '[{"requestId":"a","report":[null]}]' },
      { data: '[{"requestId":"a","report":[{"number":"1"}]}]' },
      { data: JSON.stringify([{ requestId: 'a'.repeat(65), report: [{ number: '1', status: '1' }] }]) },
      { requestId: ['a'], number: '1', status: '1' },
    ])
      expect(parseDeliveryReports(hostile)).toBeNull();
  });

  it('says what a report status means: delivered, failed for good, or still on its way', () => {
    expect(['1', '2', '8', '9', '16', '17', '25', '26'].map(reportOutcome)).toEqual([
      'delivered',
      'failed',
      'sent',
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
  });
});
