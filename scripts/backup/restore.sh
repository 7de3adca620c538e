#!/usr/bin/env bash
# Restores a dump made by dump.sh into a NEW database (never over a live one): created here, filled in
# one transaction (all or nothing), then analysed. Usage: scripts/backup/restore.sh DUMP TARGET_DATABASE_URL
set -euo pipefail
dump="${1:?the dump file}"
target="${2:?the new database URL, e.g. postgres://postgres@127.0.0.1:5432/khel_restored}"
name="${target##*/}"
name="${name%%\?*}"
if [[ ! "$name" =~ ^[a-z_][a-z0-9_]*$ ]]; then
  echo "restore.sh: database name '$name' is not a plain identifier" >&2
  exit 64
fi
admin="${target%/*}/postgres"
if [ "$(psql "$admin" -Atc "select 1 from pg_database where datname = '$name'")" = "1" ]; then
  echo "restore.sh: $name already exists; restore into a new database and switch DATABASE_URL to it" >&2
  exit 73
fi
psql "$admin" -qc "create database $name"
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$dump"
psql "$target" -qc 'analyze'
echo "restored $dump into $name"
