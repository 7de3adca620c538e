/**
 * Issue 31: where a player gets help — the operator's WhatsApp number and phone number, set with the
 * branding in the back office, as international digits without the plus (E.164: 8 to 15 digits, no
 * leading zero). Null: not set, and the player app shows no Help row for it.
 */
export default /* sql */ `
alter table site_settings
  add column help_whatsapp text check (help_whatsapp is null or help_whatsapp ~ '^[1-9][0-9]{7,14}$'),
  add column help_phone text check (help_phone is null or help_phone ~ '^[1-9][0-9]{7,14}$');
`;
