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
const VARIABLE = '(.{1,30}?)';

export function createDltRegistry(templates: readonly DltTemplate[]) {
  const compiled = templates.map((template) => ({
    template,
    pattern: new RegExp(`^${template.content.split('{#var#}').map(escape).join(VARIABLE)}$`, 's'),
  }));
  return {
    templates,
    /** The registered template this text is an instance of, with its variable parts; null: not sendable in India. */
    match(text: string): MatchedTemplate | null {
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
