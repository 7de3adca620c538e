/**
 * Issue 28: a news line a director posts to every player, or an agent to the players of its downline,
 * shown in the player app as a ticker between its start and end. `root_id` is the agent whose downline
 * reads it; null is the operator's, read by everyone. Edited and deleted in place (the audit log keeps
 * what each change was).
 */
export default /* sql */ `
create table announcements (
  id uuid primary key default gen_random_uuid(),
  author_id uuid not null references users(id),
  root_id uuid references users(id),
  message text not null check (length(message) between 1 and 280),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint announcements_ends_after_start check (ends_at > starts_at)
);
create index announcements_root_ends_idx on announcements (root_id, ends_at);
`;
