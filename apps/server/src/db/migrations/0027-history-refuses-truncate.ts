/**
 * The history tables refuse TRUNCATE as they refuse UPDATE and DELETE (issue 24, decision 0043): a row
 * trigger never fires for TRUNCATE, so without this even a role that may not update a row could empty
 * the table if it were ever granted TRUNCATE, and PGlite (one user) had nothing against it at all.
 * The server's role has no TRUNCATE privilege either; only the owner could drop these triggers.
 */
export default /* sql */ `
create trigger journal_transactions_no_truncate before truncate on journal_transactions
  for each statement execute function refuse_change();
create trigger journal_entries_no_truncate before truncate on journal_entries
  for each statement execute function refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function refuse_change();
`;
