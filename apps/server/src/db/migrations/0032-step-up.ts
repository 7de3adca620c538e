/**
 * Step-up for money (issue 28, decision 0049): when this session last entered a fresh authenticator
 * code. Money routes accept for 5 minutes after it; signing in with a TOTP code counts as one.
 */
export default /* sql */ `
alter table sessions add column step_up_at timestamptz;
`;
