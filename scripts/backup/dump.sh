#!/usr/bin/env bash
# A logical backup of Khel's database (docs/operations.md, "Back up"): pg_dump's custom format, taken
# in one snapshot (a consistent copy even while bets are being placed), then listed once to prove the
# file reads back. Usage: scripts/backup/dump.sh [DATABASE_URL] [DIRECTORY]; prints the file written.
set -euo pipefail
url="${1:-${DATABASE_URL:?set DATABASE_URL or pass it}}"
dir="${2:-${BACKUP_DIR:-./backups}}"
mkdir -p "$dir"
file="$dir/khel-$(date -u +%Y%m%dT%H%M%SZ)-$$.dump"
# --no-owner/--no-privileges: the dump restores under whatever role restores it.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$file.partial" "$url"
pg_restore --list "$file.partial" >/dev/null
mv "$file.partial" "$file"
echo "$file"
