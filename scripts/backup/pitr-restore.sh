#!/usr/bin/env bash
# Point-in-time recovery from a base backup and the WAL archive into a NEW data directory, stopping at
# TARGET_TIME (an ISO time, e.g. '2026-11-28 10:15:00+00') and promoting there. Run it as the user
# PostgreSQL runs as (e.g. `runuser -u postgres --`), then start PostgreSQL on the directory
# (pg_ctl -D DATA_DIR start) and point DATABASE_URL at it (docs/operations.md, "Point-in-time recovery").
# The copy does NOT archive its own WAL (archive_mode = off below): a rehearsal restore beside a live
# original must not write a new timeline into the original's archive (later restores follow the
# latest timeline). Once it replaces the original, remove that line, restart and take a base backup.
# Usage: scripts/backup/pitr-restore.sh BASE_BACKUP_DIR WAL_ARCHIVE_DIR DATA_DIR TARGET_TIME
set -euo pipefail
base="${1:?base backup folder (base-backup.sh)}"
archive="${2:?WAL archive folder}"
data="${3:?a new, empty data directory}"
target="${4:?recovery target time}"
if [ -e "$data" ] && [ -n "$(ls -A "$data")" ]; then
  echo "pitr-restore.sh: $data is not empty" >&2
  exit 73
fi
mkdir -p "$data"
chmod 700 "$data"
tar -xzf "$base/base.tar.gz" -C "$data"
mkdir -p "$data/pg_wal"
if [ -f "$base/pg_wal.tar.gz" ]; then tar -xzf "$base/pg_wal.tar.gz" -C "$data/pg_wal"; fi
cat >> "$data/postgresql.auto.conf" <<CONF
restore_command = 'cp "$archive/%f" "%p"'
recovery_target_time = '$target'
recovery_target_action = 'promote'
archive_mode = 'off'
CONF
touch "$data/recovery.signal"
echo "$data is ready: start PostgreSQL on it to replay the WAL up to $target"
