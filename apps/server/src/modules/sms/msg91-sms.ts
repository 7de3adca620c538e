import type { DltRegistry, DltTemplate } from './dlt-templates.js';

/**
 * MSG91's HTTP APIs (control.msg91.com, v5), as its documentation words them (SOURCES in
 * msg91-fake.ts): every call carries the account's `authkey` header and answers
 * `{ "type": "success" | "error", ... }`.
 * - OTP: `POST /api/v5/otp?template_id=&mobile=&otp=`, the template's other variables in the JSON
 *   body; answers `request_id`. Retry: `GET /api/v5/otp/retry?retrytype=voice|text&mobile=`.
 * - SMS (Flow): `POST /api/v5/flow` `{ template_id, short_url: "0", recipients: [{ mobiles, var1… }] }`;
 *   answers the request id in `message`.
 * - Delivery reports: MSG91 posts them to our webhook (parseDeliveryReports).
 */
export class SmsNotRegistered extends Error {}
export class SmsRefusedByProvider extends Error {}

export interface Msg91Options {
  baseUrl: string;
  authKey: string;
  registry: DltRegistry;
  /** Waits before the 2nd, 3rd, … attempt of a call that met a network error, a 5xx or a 429. */
  retryDelaysMs?: readonly number[];
  /** How long one call may take before it counts as a network error (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Delivery report status codes MSG91 documents: 1 delivered, 2 failed, 8 submitted to the network, 9 NDNC, 16 rejected, 17 blocked, 25/26 rejected by the network. */
export const MSG91_DELIVERED = '1';
const FINAL_FAILURES = new Set(['2', '9', '16', '17', '25', '26']);

export interface DeliveryReport {
  requestId: string;
  mobileNo: string;
  status: string;
  description: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function reportOf(requestId: unknown, entry: unknown): DeliveryReport | null {
  if (entry === null || typeof entry !== 'object') return null;
  const { number, status, desc } = entry as Record<string, unknown>;
  const fields = [text(requestId), text(number), text(status)];
  if (fields.some((field) => field === null || field.length === 0 || field.length > 64)) return null;
  const [id, mobileNo, code] = fields as [string, string, string];
  return { requestId: id, mobileNo, status: code, description: text(desc) ?? '' };
}

/**
 * A delivery-report webhook's body, in either of MSG91's SMS webhook versions: v2 (form-encoded, its
 * `data` a JSON array of `{ requestId, report: [{ number, status, desc, date }] }`) or v3 (one JSON
 * object `{ requestId, number, status, desc, date }`). Null when the body is neither.
 */
export function parseDeliveryReports(body: unknown): DeliveryReport[] | null {
  if (body === null || typeof body !== 'object') return null;
  const { data } = body as Record<string, unknown>;
  if (typeof data !== 'string') {
    const single = reportOf((body as Record<string, unknown>).requestId, body);
    return single === null ? null : [single];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > 1000) return null;
  const reports: DeliveryReport[] = [];
  for (const request of parsed) {
    if (request === null || typeof request !== 'object') return null;
    const { requestId, report } = request as Record<string, unknown>;
    if (!Array.isArray(report)) return null;
    for (const entry of report) {
      const one = reportOf(requestId, entry);
      if (one === null) return null;
      reports.push(one);
    }
  }
  return reports;
}

/** What a delivery report's status code means for the message: still on its way, delivered, or failed for good. */
export function reportOutcome(status: string): 'sent' | 'delivered' | 'failed' {
  if (status === MSG91_DELIVERED) return 'delivered';
  return FINAL_FAILURES.has(status) ? 'failed' : 'sent';
}

/** The HTTP side of MSG91: one call each, retried while MSG91 may be briefly down; stateless. */
export function createMsg91Sender(options: Msg91Options) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const delays = options.retryDelaysMs ?? [500, 2000];

  /** One API call, retried on what may pass (network, 5xx, 429); an `error` answer is final. */
  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
  ): Promise<Record<string, unknown>> {
    let lastError: unknown = null;
    for (let attempt = 0; attempt <= delays.length; attempt += 1) {
      if (attempt > 0) await sleep(delays[attempt - 1] ?? 0);
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          method: init.method,
          headers: { authkey: options.authKey, accept: 'application/json', 'content-type': 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        });
      } catch (error) {
        lastError = error;
        continue;
      }
      if (response.status >= 500 || response.status === 429) {
        lastError = new Error(`MSG91 answered HTTP ${response.status}`);
        continue;
      }
      const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (answer.type !== 'success')
        throw new SmsRefusedByProvider(String(answer.message ?? `HTTP ${response.status}`));
      return answer;
    }
    throw lastError instanceof Error ? lastError : new Error('MSG91 did not answer');
  }

  return {
    /**
     * Sends one text, which must be an instance of a registered DLT template (else SmsNotRegistered,
     * before MSG91 is asked); answers MSG91's request id and the template it was sent as.
     */
    async send(mobileNo: string, body: string): Promise<{ requestId: string; template: DltTemplate }> {
      const matched = options.registry.match(body);
      if (matched === null) throw new SmsNotRegistered('no registered DLT template matches the text');
      const { template, values } = matched;
      if (template.otp) {
        const [otp, ...rest] = values;
        const query = new URLSearchParams({ template_id: template.msg91TemplateId, mobile: mobileNo, otp: otp ?? '' });
        const variables = Object.fromEntries(rest.map((value, index) => [`var${index + 1}`, value]));
        const answer = await call(`/api/v5/otp?${query}`, { method: 'POST', body: variables });
        return { requestId: String(answer.request_id ?? ''), template };
      }
      const recipient = {
        mobiles: mobileNo,
        ...Object.fromEntries(values.map((value, index) => [`var${index + 1}`, value])),
      };
      const answer = await call('/api/v5/flow', {
        method: 'POST',
        body: { template_id: template.msg91TemplateId, short_url: '0', recipients: [recipient] },
      });
      return { requestId: String(answer.message ?? ''), template };
    },

    /** The OTP last sent to this number, again, as a voice call (MSG91's Retry OTP). */
    async voice(mobileNo: string): Promise<void> {
      await call(`/api/v5/otp/retry?retrytype=voice&mobile=${encodeURIComponent(mobileNo)}`, { method: 'GET' });
    },
  };
}
export type Msg91Sender = ReturnType<typeof createMsg91Sender>;
