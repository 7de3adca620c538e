#!/usr/bin/env bash
# A physical base backup for point-in-time recovery (docs/operations.md, "Point-in-time recovery"):
# pg_basebackup of the whole cluster as compressed tars, with the WAL needed to make it consistent.
# The server must archive its WAL (archive_mode = on, archive_command copying to WAL_ARCHIVE); replay
# from the archive then reaches any moment after this backup.
# Usage: scripts/backup/base-backup.sh [REPLICATION_URL] [DIRECTORY]; prints the folder written.
set -euo pipefail
url="${1:-${BASEBACKUP_URL:?set BASEBACKUP_URL (a role with REPLICATION) or pass it}}"
dir="${2:-${BACKUP_DIR:-./backups}}/base-$(date -u +%Y%m%dT%H%M%SZ)-$$"
pg_basebackup --dbname="$url" --pgdata="$dir" --format=tar --gzip --wal-method=stream --checkpoint=fast --label="khel $(date -u +%FT%TZ)"
echo "$dir"
