/**
 * Issue 28, decision 0050: a back-office account whose password an upline set (created it, or reset
 * it) must choose its own before the back office opens to it.
 */
export default /* sql */ `
alter table users add column password_change_required boolean not null default false;
`;
