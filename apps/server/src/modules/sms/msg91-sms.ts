import type { DltRegistry } from './dlt-templates.js';

/**
 * MSG91's HTTP APIs (control.msg91.com, v5), as its documentation words them (SOURCES in
 * msg91-fake.ts): every call carries the account's `authkey` header and answers
 * `{ "type": "success" | "error", ... }`.
 * - OTP: `POST /api/v5/otp?template_id=&mobile=&otp=`, the template's other variables in the JSON
 *   body; answers `request_id`. Retry: `GET /api/v5/otp/retry?retrytype=voice|text&mobile=`.
 * - SMS (Flow): `POST /api/v5/flow` `{ template_id, short_url: "0", recipients: [{ mobiles, var1… }] }`;
 *   answers the request id in `message`.
 * - Delivery reports: MSG91 posts `data` = a JSON array of `{ requestId, report: [{ number, status, desc, date }] }`.
 */
export class SmsNotRegistered extends Error {}
export class SmsRefusedByProvider extends Error {}

export interface Msg91Options {
  baseUrl: string;
  authKey: string;
  registry: DltRegistry;
  /** Waits before the 2nd, 3rd, … attempt of a call that met a network error, a 5xx or a 429. */
  retryDelaysMs?: readonly number[];
  /** An OTP not reported delivered within this many ms is sent again as a voice call (null: never). */
  voiceFallbackAfterMs?: number | null;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  onError?: (error: unknown) => void;
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

/** The webhook's `data`: a JSON array of requests, each with its per-number reports. */
export function parseDeliveryReports(data: string): DeliveryReport[] {
  const parsed = JSON.parse(data) as unknown;
  if (!Array.isArray(parsed)) throw new Error('delivery report data is not an array');
  return parsed.flatMap((request: { requestId?: unknown; report?: unknown }) =>
    Array.isArray(request.report) && typeof request.requestId === 'string'
      ? request.report.map((entry: { number?: unknown; status?: unknown; desc?: unknown }) => ({
          requestId: request.requestId as string,
          mobileNo: String(entry.number ?? ''),
          status: String(entry.status ?? ''),
          description: String(entry.desc ?? ''),
        }))
      : [],
  );
}

export function createMsg91Sender(options: Msg91Options) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const delays = options.retryDelaysMs ?? [500, 2000];
  /** OTPs waiting for their delivery report, by MSG91 request id: the voice fallback's timers. */
  const waiting = new Map<string, { mobileNo: string; timer: NodeJS.Timeout | null }>();

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

  async function voice(mobileNo: string): Promise<void> {
    await call(`/api/v5/otp/retry?retrytype=voice&mobile=${encodeURIComponent(mobileNo)}`, { method: 'GET' });
  }

  const sender = {
    /** Sends one text, which must be an instance of a registered DLT template; answers MSG91's request id. */
    async send(mobileNo: string, body: string): Promise<string> {
      const matched = options.registry.match(body);
      if (matched === null) throw new SmsNotRegistered(`no registered DLT template matches: ${body}`);
      const { template, values } = matched;
      if (template.otp) {
        const [otp, ...rest] = values;
        const query = new URLSearchParams({ template_id: template.msg91TemplateId, mobile: mobileNo, otp: otp ?? '' });
        const variables = Object.fromEntries(rest.map((value, index) => [`var${index + 1}`, value]));
        const answer = await call(`/api/v5/otp?${query}`, { method: 'POST', body: variables });
        const requestId = String(answer.request_id ?? '');
        if (options.voiceFallbackAfterMs != null) {
          const timer = setTimeout(() => {
            waiting.delete(requestId);
            voice(mobileNo).catch((error: unknown) => options.onError?.(error));
          }, options.voiceFallbackAfterMs);
          timer.unref();
          waiting.set(requestId, { mobileNo, timer });
        }
        return requestId;
      }
      const recipient = {
        mobiles: mobileNo,
        ...Object.fromEntries(values.map((value, index) => [`var${index + 1}`, value])),
      };
      const answer = await call('/api/v5/flow', {
        method: 'POST',
        body: { template_id: template.msg91TemplateId, short_url: '0', recipients: [recipient] },
      });
      return String(answer.message ?? '');
    },

    /** A delivery report: delivered ends the wait; a final failure of an OTP goes to voice at once. */
    async delivered(report: DeliveryReport): Promise<void> {
      const entry = waiting.get(report.requestId);
      if (entry === undefined) return;
      if (report.status === MSG91_DELIVERED || FINAL_FAILURES.has(report.status)) {
        if (entry.timer !== null) clearTimeout(entry.timer);
        waiting.delete(report.requestId);
        if (report.status !== MSG91_DELIVERED) await voice(entry.mobileNo);
      }
    },

    stop(): void {
      for (const entry of waiting.values()) if (entry.timer !== null) clearTimeout(entry.timer);
      waiting.clear();
    },
  };
  return sender;
}
export type Msg91Sender = ReturnType<typeof createMsg91Sender>;
