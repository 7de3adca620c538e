/**
 * Every SMS sent through a gateway (issue 29, decision 0060): one row a message, what became of it
 * (sending → sent → delivered or failed, or refused before sending), the provider's request id its
 * delivery reports name, and whether an OTP went on to a voice call. The text itself is not kept: an
 * OTP's code must not rest in the database, and the template's name says what was sent.
 */
export default /* sql */ `
create table sms_messages (
  id bigserial primary key,
  mobile_no text not null,
  template text,
  provider text not null,
  otp boolean not null default false,
  status text not null check (status in ('refused', 'sending', 'sent', 'delivered', 'failed')),
  request_id text,
  report_status text,
  report_description text,
  error text,
  voice_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index sms_messages_request_idx on sms_messages (request_id) where request_id is not null;
create index sms_messages_mobile_idx on sms_messages (mobile_no, id desc);
-- The voice fallback's sweep: OTPs sent and not yet reported, oldest first.
create index sms_messages_voice_due_idx on sms_messages (created_at) where otp and status = 'sent' and voice_at is null;
`;
