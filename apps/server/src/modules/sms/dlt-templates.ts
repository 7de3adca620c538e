import { OTP_LENGTH } from '@khel/contract';

/**
 * TRAI's DLT rules (issue 29): an Indian network delivers a commercial SMS only if its text matches a
 * template the sender registered on DLT, with its DLT template id. This registry holds ours: every
 * message the product sends is one of these, and a text that matches none is refused here, before any
 * provider is asked (the networks would drop it silently and charge for it).
 *
 * A template's `{#var#}` marks a variable part, as DLT writes it; `msg91TemplateId` is the id of the
 * same template at MSG91 (its OTP template for OTPs, its Flow template otherwise), whose variables are
 * `##OTP##` / `##var1##`….
 */
export interface DltTemplate {
  /** Our name for it. */
  name: string;
  /** The DLT content template, `{#var#}` for each variable part. */
  content: string;
  /** The template id DLT gave it (19 digits). */
  dltTemplateId: string;
  /** The template id at MSG91 for this content. */
  msg91TemplateId: string;
  /** An OTP: sent through MSG91's OTP API (voice fallback possible); else through its Flow (SMS) API. */
  otp: boolean;
}

export interface MatchedTemplate {
  template: DltTemplate;
  /** The variable parts, in order. */
  values: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** DLT allows up to 30 characters per variable. */
export const MAX_VARIABLE_LENGTH = 30;
/** A longer text is no single SMS template instance (DLT content templates are at most 2,000 characters). */
const MAX_SMS_LENGTH = 2000;
const VARIABLE = `(.{1,${MAX_VARIABLE_LENGTH}}?)`;

export function createDltRegistry(templates: readonly DltTemplate[]) {
  const compiled = templates.map((template) => ({
    template,
    pattern: new RegExp(`^${template.content.split('{#var#}').map(escape).join(VARIABLE)}$`, 's'),
  }));
  return {
    templates,
    /** The registered template this text is an instance of, with its variable parts; null: not sendable in India. */
    match(text: string): MatchedTemplate | null {
      if (text.length > MAX_SMS_LENGTH) return null;
      for (const { template, pattern } of compiled) {
        const found = pattern.exec(text);
        if (found !== null) return { template, values: found.slice(1) };
      }
      return null;
    },
  };
}
export type DltRegistry = ReturnType<typeof createDltRegistry>;

/**
 * What the product sends today (modules/identity/otp-service.ts words every OTP as
 * `<code> is your <site> verification|password reset code. It expires…`). The ids are the operator's:
 * read from SMS_DLT_TEMPLATES (JSON) in production; these defaults are the demo's.
 */
export const DEFAULT_DLT_TEMPLATES: readonly DltTemplate[] = [
  {
    name: 'otp',
    content: '{#var#} is your {#var#} {#var#} code. It expires in 5 minutes. Never share it with anyone.',
    dltTemplateId: '1107170000000000001',
    msg91TemplateId: 'khel-otp',
    otp: true,
  },
];

/**
 * SMS_DLT_TEMPLATES: the operator's registered templates as a JSON array, validated at boot (config.ts).
 * Answers the templates or, when the value is not such an array, why.
 */
export function parseDltTemplates(json: string): { templates: DltTemplate[] } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { problem: 'is not JSON' };
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return { problem: 'must be a non-empty JSON array of templates' };
  const templates: DltTemplate[] = [];
  for (const [index, entry] of parsed.entries()) {
    const item = entry as Partial<Record<keyof DltTemplate, unknown>> | null;
    const where = `template ${index + 1}`;
    if (item === null || typeof item !== 'object') return { problem: `${where} is not an object` };
    if (typeof item.name !== 'string' || item.name.length === 0) return { problem: `${where} needs a name` };
    if (typeof item.content !== 'string' || !item.content.includes('{#var#}') || item.content.length > MAX_SMS_LENGTH)
      return { problem: `${where} (${item.name}) needs content with at least one {#var#}` };
    if (typeof item.dltTemplateId !== 'string' || !/^\d{19}$/.test(item.dltTemplateId))
      return { problem: `${where} (${item.name}) needs dltTemplateId, the 19 digits DLT gave it` };
    if (typeof item.msg91TemplateId !== 'string' || !/^[\w-]{1,64}$/.test(item.msg91TemplateId))
      return { problem: `${where} (${item.name}) needs msg91TemplateId, its template id at MSG91` };
    if (typeof item.otp !== 'boolean') return { problem: `${where} (${item.name}) needs otp: true or false` };
    templates.push({
      name: item.name,
      content: item.content,
      dltTemplateId: item.dltTemplateId,
      msg91TemplateId: item.msg91TemplateId,
      otp: item.otp,
    });
  }
  return { templates };
}

/** The OTP text, word for word (PRODUCT.md §7); modules/identity/otp-service.ts sends it. */
export function otpText(code: string, siteName: string, purpose: 'verify' | 'reset'): string {
  const what = purpose === 'reset' ? 'password reset' : 'verification';
  return `${code} is your ${siteName} ${what} code. It expires in 5 minutes. Never share it with anyone.`;
}

/** Every text the product sends, for a site name: at boot each must match a registered template. */
export function productTexts(siteName: string): string[] {
  return [otpText('0'.repeat(OTP_LENGTH), siteName, 'verify'), otpText('0'.repeat(OTP_LENGTH), siteName, 'reset')];
}
