/**
 * When a deposit or withdrawal got its first approval (issue 24, decision 0054): the second approver
 * sees who gave it and when, and the first approver's total for the player is read for that India day.
 * Requests approved once before this migration take the time from the audit log's
 * `<kind>.first_approval` row (written just after the approval committed), else the request's own time.
 */
export default /* sql */ `
alter table deposit_requests add column first_approved_at timestamptz;
alter table withdrawal_requests add column first_approved_at timestamptz;
update deposit_requests d set first_approved_at = coalesce(
    (select min(a.created_at) from audit_log a
      where a.action = 'deposit.first_approval' and a.details->>'depositId' = d.id::text),
    d.created_at)
  where d.first_approved_by is not null;
update withdrawal_requests w set first_approved_at = coalesce(
    (select min(a.created_at) from audit_log a
      where a.action = 'withdrawal.first_approval' and a.details->>'withdrawalId' = w.id::text),
    w.created_at)
  where w.first_approved_by is not null;
alter table deposit_requests add constraint deposit_first_approval_time
  check ((first_approved_by is null) = (first_approved_at is null));
alter table withdrawal_requests add constraint withdrawal_first_approval_time
  check ((first_approved_by is null) = (first_approved_at is null));
`;
